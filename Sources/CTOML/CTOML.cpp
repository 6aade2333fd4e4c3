// TOML front matter through toml++ (header-only, without exceptions), flattened for Swift.
//
// toml++ 3.3.0 states some of its parser's invariants as assertions, which NDEBUG turns into
// compiler assumptions; hostile text can break one (`a = [1,\n2, }`), and a broken assumption
// is undefined behaviour. So the assertions are kept as no-ops, never assumptions: the parser
// goes on and reports the text as invalid, as it does in a debug build without the abort.
#undef NDEBUG
#define TOML_ASSERT(expr) static_assert(true)
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>

#include "CTOML.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <new>
#include <string>
#include <vector>

struct dbk_toml {
    std::vector<dbk_toml_item> items;
    std::string strings;
    std::string reason;
    uint32_t line = 0, column = 0;
    bool failed = false;
};

namespace {

struct Flattener {
    dbk_toml &out;
    uint32_t max_depth;
    size_t max_items;

    bool fail(const toml::node &node, std::string reason) {
        out.failed = true;
        out.reason = std::move(reason);
        out.line = node.source().begin.line;
        out.column = node.source().begin.column;
        return false;
    }

    uint32_t put(std::string_view text) {
        auto start = static_cast<uint32_t>(out.strings.size());
        out.strings.append(text.data(), text.size());
        return start;
    }

    static void two(std::string &s, unsigned n) {
        s.push_back(static_cast<char>('0' + n / 10 % 10));
        s.push_back(static_cast<char>('0' + n % 10));
    }

    static void date(std::string &s, const toml::date &d) {
        char year[8];
        std::snprintf(year, sizeof year, "%04u", static_cast<unsigned>(d.year) % 10000);
        s += year;
        s += '-';
        two(s, d.month);
        s += '-';
        two(s, d.day);
    }

    static void time(std::string &s, const toml::time &t) {
        two(s, t.hour);
        s += ':';
        two(s, t.minute);
        s += ':';
        two(s, t.second);
        if (t.nanosecond) {
            char digits[16];
            std::snprintf(digits, sizeof digits, ".%09u", static_cast<unsigned>(t.nanosecond % 1000000000u));
            std::string fraction = digits;
            while (fraction.back() == '0') fraction.pop_back();
            s += fraction;
        }
    }

    /// The text of a scalar as an ISO 8601 or TOML reader writes it.
    static std::string text(const toml::node &node) {
        std::string s;
        switch (node.type()) {
            case toml::node_type::integer:
                s = std::to_string(node.as_integer()->get());
                break;
            case toml::node_type::floating_point: {
                double v = node.as_floating_point()->get();
                if (std::isnan(v)) {
                    s = "nan";
                } else if (std::isinf(v)) {
                    s = v < 0 ? "-inf" : "inf";
                } else {
                    char digits[32];
                    auto [end, error] = std::to_chars(digits, digits + sizeof digits, v);
                    s.assign(digits, error == std::errc() ? end : digits);
                }
                break;
            }
            case toml::node_type::boolean:
                s = node.as_boolean()->get() ? "true" : "false";
                break;
            case toml::node_type::date:
                date(s, node.as_date()->get());
                break;
            case toml::node_type::time:
                time(s, node.as_time()->get());
                break;
            case toml::node_type::date_time: {
                const toml::date_time &dt = node.as_date_time()->get();
                date(s, dt.date);
                s += 'T';
                time(s, dt.time);
                if (dt.offset) {
                    int minutes = dt.offset->minutes;
                    if (minutes == 0) {
                        s += 'Z';
                    } else {
                        s += minutes < 0 ? '-' : '+';
                        unsigned a = static_cast<unsigned>(minutes < 0 ? -minutes : minutes);
                        two(s, a / 60);
                        s += ':';
                        two(s, a % 60);
                    }
                }
                break;
            }
            default:
                break;
        }
        return s;
    }

    bool add(const toml::node &node, std::string_view key, uint32_t depth) {
        if (out.items.size() >= max_items) {
            // Tables are walked in key order, not the text's: no one value is where the count was passed.
            fail(node, "front matter has more than " + std::to_string(max_items) + " values");
            out.line = 1;
            out.column = 1;
            return false;
        }
        if (depth > max_depth) return fail(node, "front matter nested deeper than " + std::to_string(max_depth));
        dbk_toml_item item{};
        item.key_start = put(key);
        item.key_length = static_cast<uint32_t>(key.size());
        item.line = node.source().begin.line;
        item.column = node.source().begin.column;
        if (const toml::table *table = node.as_table()) {
            item.kind = DBK_TOML_TABLE;
            item.children = static_cast<uint32_t>(table->size());
            out.items.push_back(item);
            for (auto &&[name, value] : *table) {
                if (!add(value, name.str(), depth + 1)) return false;
            }
        } else if (const toml::array *array = node.as_array()) {
            item.kind = DBK_TOML_ARRAY;
            item.children = static_cast<uint32_t>(array->size());
            out.items.push_back(item);
            for (const toml::node &value : *array) {
                if (!add(value, {}, depth + 1)) return false;
            }
        } else {
            std::string value = node.is_string() ? node.as_string()->get() : text(node);
            item.kind = node.is_string() ? DBK_TOML_STRING : DBK_TOML_PLAIN;
            item.text_start = put(value);
            item.text_length = static_cast<uint32_t>(value.size());
            out.items.push_back(item);
        }
        return true;
    }
};

}  // namespace

extern "C" dbk_toml *dbk_toml_parse(const char *text, size_t length, uint32_t max_depth, size_t max_items) {
    try {
        auto *toml = new dbk_toml();
        toml::parse_result result = toml::parse(std::string_view(text ? text : "", text ? length : 0));
        if (!result) {
            toml->failed = true;
            // "Error while parsing key-value pair: cannot redefine …" says only the last part to a person.
            std::string description(result.error().description());
            size_t colon = description.find(": ");
            if (description.rfind("Error while parsing ", 0) == 0 && colon != std::string::npos) description.erase(0, colon + 2);
            // toml++ 3.3.0 says "between 0 to 59" for an hour.
            const std::string hour = "expected hour between 0 to 59";
            if (description.rfind(hour, 0) == 0) description.replace(0, hour.size(), "expected hour between 0 and 23");
            toml->reason = "TOML: " + description;
            toml->line = result.error().source().begin.line;
            toml->column = result.error().source().begin.column;
            return toml;
        }
        Flattener flattener{*toml, max_depth, max_items};
        if (!flattener.add(result.table(), {}, 0)) {
            toml->items.clear();
        } else {
            // The root table has no place of its own in the text.
            toml->items[0].line = 1;
            toml->items[0].column = 1;
        }
        return toml;
    } catch (...) {
        return nullptr;
    }
}

extern "C" int dbk_toml_failed(const dbk_toml *toml, const char **reason, uint32_t *line, uint32_t *column) {
    if (!toml->failed) return 0;
    *reason = toml->reason.c_str();
    *line = toml->line ? toml->line : 1;
    *column = toml->column ? toml->column : 1;
    return 1;
}

extern "C" size_t dbk_toml_count(const dbk_toml *toml) { return toml->items.size(); }

extern "C" const dbk_toml_item *dbk_toml_items(const dbk_toml *toml) { return toml->items.data(); }

extern "C" const char *dbk_toml_strings(const dbk_toml *toml) { return toml->strings.data(); }

extern "C" void dbk_toml_free(dbk_toml *toml) { delete toml; }
