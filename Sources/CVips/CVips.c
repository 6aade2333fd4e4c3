#include "CVips.h"
#include <dlfcn.h>
#include <stdio.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

/// The functions Daybook calls, looked up once.
struct daybook_vips_api {
    int ready;
    char problem[512];
    int (*init)(const char *);
    void (*block_untrusted_set)(int);
    void (*concurrency_set)(int);
    void (*cache_set_max)(int);
    void (*cache_set_max_mem)(size_t);
    void (*cache_set_max_files)(int);
    VipsImage *(*image_new_from_file)(const char *, ...);
    const char *(*foreign_find_load)(const char *);
    unsigned long (*image_get_typeof)(const VipsImage *, const char *);
    int (*image_get_int)(const VipsImage *, const char *, int *);
    int (*image_get_width)(const VipsImage *);
    int (*image_get_height)(const VipsImage *);
    int (*thumbnail)(const char *, VipsImage **, int, ...);
    int (*thumbnail_image)(VipsImage *, VipsImage **, int, ...);
    VipsImage *(*image_copy_memory)(VipsImage *);
    int (*image_get_blob)(const VipsImage *, const char *, const void **, size_t *);
    void (*image_set_blob_copy)(VipsImage *, const char *, const void *, size_t);
    void (*image_set_int)(VipsImage *, const char *, int);
    int (*image_remove)(VipsImage *, const char *);
    int (*webpsave_buffer)(VipsImage *, void **, size_t *, ...);
    int (*jpegsave_buffer)(VipsImage *, void **, size_t *, ...);
    int (*heifsave_buffer)(VipsImage *, void **, size_t *, ...);
    VipsArea *(*array_double_newv)(int, ...);
    void (*area_unref)(VipsArea *);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void (*object_unref)(void *);
    void (*gfree)(void *);
    unsigned (*log_set_handler)(const char *, int, void (*)(const char *, int, const char *, void *), void *);
    char *(*compute_checksum_for_data)(int, const unsigned char *, size_t);
    WebPMux *(*mux_create)(const DaybookWebPData *, int, int);
    int (*mux_delete_chunk)(WebPMux *, const char *);
    int (*mux_assemble)(WebPMux *, DaybookWebPData *);
    void (*mux_delete)(WebPMux *);
    void (*webp_free)(void *);
};

static struct daybook_vips_api api_storage;

static atomic_long daybook_damage_count, daybook_jpeg_warned_count;
static pthread_mutex_t daybook_damage_lock = PTHREAD_MUTEX_INITIALIZER;
static char daybook_damage_message[256];

/// Drops a libvips warning: printed to stderr between Daybook's own lines (a truncated file's
/// "error in tile 0 x 8"), it says what the error that follows it says. Two are counted, as
/// libvips gives them when it closes a JPEG that libjpeg warned about, which can be after the
/// last rows are read, where libvips' `fail_on` no longer looks (the image then has a broken
/// band): "read gave 1 warnings", and then libvips' error buffer, where libjpeg's own words are
/// ("Corrupt JPEG data: …", kept for the reason) unless another thread cleared the buffer
/// meanwhile. libvips' messages are not translated: Daybook never sets the C locale.
static void daybook_vips_quiet(const char *domain, int level, const char *message, void *data) {
    (void)domain; (void)level; (void)data;
    if (!message) return;
    if (strncmp(message, "read gave ", 10) == 0) {
        atomic_fetch_add(&daybook_jpeg_warned_count, 1);
        return;
    }
    if (!(strstr(message, "Corrupt JPEG data") || strstr(message, "Premature end of JPEG"))) return;
    pthread_mutex_lock(&daybook_damage_lock);
    snprintf(daybook_damage_message, sizeof daybook_damage_message, "%s", message);
    pthread_mutex_unlock(&daybook_damage_lock);
    atomic_fetch_add(&daybook_damage_count, 1);
}

long daybook_vips_damage_count(void) { return atomic_load(&daybook_damage_count); }
long daybook_vips_jpeg_warned_count(void) { return atomic_load(&daybook_jpeg_warned_count); }

void daybook_vips_damage_message(char *out, size_t size) {
    pthread_mutex_lock(&daybook_damage_lock);
    snprintf(out, size, "%s", daybook_damage_message);
    pthread_mutex_unlock(&daybook_damage_lock);
}

static struct daybook_vips_api *daybook_vips_api_storage(void) {
    return &api_storage;
}

static void *daybook_vips_symbol(void *library, const char *name, int *missing) {
    void *symbol = dlsym(library, name);
    if (!symbol) *missing = 1;
    return symbol;
}

static void daybook_vips_load(void) {
    struct daybook_vips_api *api = daybook_vips_api_storage();
    void *vips = dlopen(DAYBOOK_VIPS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    void *mux = dlopen(DAYBOOK_WEBPMUX_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!vips || !mux) {
        const char *reason = dlerror();
        snprintf(api->problem, sizeof api->problem, "%s (install libvips: see docs/install.md)", reason ? reason : "cannot open libvips");
        return;
    }
    int missing = 0;
#define DAYBOOK_LOOK(field, library, name) api->field = (__typeof__(api->field))daybook_vips_symbol(library, name, &missing)
    DAYBOOK_LOOK(init, vips, "vips_init");
    DAYBOOK_LOOK(concurrency_set, vips, "vips_concurrency_set");
    DAYBOOK_LOOK(cache_set_max, vips, "vips_cache_set_max");
    DAYBOOK_LOOK(cache_set_max_mem, vips, "vips_cache_set_max_mem");
    DAYBOOK_LOOK(cache_set_max_files, vips, "vips_cache_set_max_files");
    DAYBOOK_LOOK(image_new_from_file, vips, "vips_image_new_from_file");
    DAYBOOK_LOOK(foreign_find_load, vips, "vips_foreign_find_load");
    DAYBOOK_LOOK(image_get_typeof, vips, "vips_image_get_typeof");
    DAYBOOK_LOOK(image_get_int, vips, "vips_image_get_int");
    DAYBOOK_LOOK(image_get_width, vips, "vips_image_get_width");
    DAYBOOK_LOOK(image_get_height, vips, "vips_image_get_height");
    DAYBOOK_LOOK(thumbnail, vips, "vips_thumbnail");
    DAYBOOK_LOOK(thumbnail_image, vips, "vips_thumbnail_image");
    DAYBOOK_LOOK(image_copy_memory, vips, "vips_image_copy_memory");
    DAYBOOK_LOOK(image_get_blob, vips, "vips_image_get_blob");
    DAYBOOK_LOOK(image_set_blob_copy, vips, "vips_image_set_blob_copy");
    DAYBOOK_LOOK(image_set_int, vips, "vips_image_set_int");
    DAYBOOK_LOOK(image_remove, vips, "vips_image_remove");
    DAYBOOK_LOOK(webpsave_buffer, vips, "vips_webpsave_buffer");
    DAYBOOK_LOOK(jpegsave_buffer, vips, "vips_jpegsave_buffer");
    DAYBOOK_LOOK(heifsave_buffer, vips, "vips_heifsave_buffer");
    DAYBOOK_LOOK(array_double_newv, vips, "vips_array_double_newv");
    DAYBOOK_LOOK(area_unref, vips, "vips_area_unref");
    DAYBOOK_LOOK(error_buffer, vips, "vips_error_buffer");
    DAYBOOK_LOOK(error_clear, vips, "vips_error_clear");
    DAYBOOK_LOOK(object_unref, vips, "g_object_unref");
    DAYBOOK_LOOK(gfree, vips, "g_free");
    DAYBOOK_LOOK(log_set_handler, vips, "g_log_set_handler");
    DAYBOOK_LOOK(compute_checksum_for_data, vips, "g_compute_checksum_for_data");
    DAYBOOK_LOOK(mux_create, mux, "WebPMuxCreateInternal");
    DAYBOOK_LOOK(mux_delete_chunk, mux, "WebPMuxDeleteChunk");
    DAYBOOK_LOOK(mux_assemble, mux, "WebPMuxAssemble");
    DAYBOOK_LOOK(mux_delete, mux, "WebPMuxDelete");
    DAYBOOK_LOOK(webp_free, mux, "WebPFree");
    // libvips < 8.13 has no vips_block_untrusted_set; such a libvips is refused below.
    api->block_untrusted_set = (void (*)(int))dlsym(vips, "vips_block_untrusted_set");
#undef DAYBOOK_LOOK
    if (missing || !api->block_untrusted_set) {
        snprintf(api->problem, sizeof api->problem, "%s lacks functions Daybook needs (libvips 8.13 or later is)", DAYBOOK_VIPS_LIBRARY);
        return;
    }
    if (api->init("daybook")) {
        snprintf(api->problem, sizeof api->problem, "libvips could not start");
        return;
    }
    api->block_untrusted_set(1);
    api->log_set_handler("VIPS", DAYBOOK_G_LOG_LEVEL_WARNING, daybook_vips_quiet, NULL);
    api->concurrency_set(1);
    api->cache_set_max(0);
    api->cache_set_max_mem(0);
    api->cache_set_max_files(0);
    api->ready = 1;
}

/// Opens and starts libvips once: only its loaders safe for untrusted data, one worker thread
/// per image (Daybook processes photos in parallel itself), no operation cache. 0 when ready,
/// else -1 and `daybook_vips_problem()` says why.
int daybook_vips_start(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, daybook_vips_load);
    return daybook_vips_api_storage()->ready ? 0 : -1;
}

const char *daybook_vips_problem(void) { return daybook_vips_api_storage()->problem; }

#define DAYBOOK_API (daybook_vips_api_storage())

/// The image's header only (no pixels are decoded); NULL with vips' error buffer set.
VipsImage *daybook_vips_header(const char *path) {
    return DAYBOOK_API->image_new_from_file(path, "access", DAYBOOK_VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The loader libvips would use for the file ("VipsForeignLoadJpegFile"), or NULL.
const char *daybook_vips_loader(const char *path) {
    return DAYBOOK_API->foreign_find_load(path);
}

int daybook_vips_width(VipsImage *image) { return DAYBOOK_API->image_get_width(image); }
int daybook_vips_height(VipsImage *image) { return DAYBOOK_API->image_get_height(image); }
void daybook_vips_unref(VipsImage *image) { DAYBOOK_API->object_unref(image); }
void daybook_vips_free(void *bytes) { DAYBOOK_API->gfree(bytes); }
const char *daybook_vips_error_buffer(void) { return DAYBOOK_API->error_buffer(); }
void daybook_vips_error_clear(void) { DAYBOOK_API->error_clear(); }

int daybook_vips_orientation(VipsImage *image) {
    int orientation = 1;
    if (DAYBOOK_API->image_get_typeof(image, "orientation") &&
        DAYBOOK_API->image_get_int(image, "orientation", &orientation) == 0) return orientation;
    return 1;
}

int daybook_vips_has_field(VipsImage *image, const char *name) {
    return DAYBOOK_API->image_get_typeof(image, name) != 0;
}

int daybook_vips_xmp_holds(VipsImage *image, const char *text) {
    const void *data = NULL;
    size_t length = 0, n = strlen(text);
    if (!DAYBOOK_API->image_get_typeof(image, "xmp-data") ||
        DAYBOOK_API->image_get_blob(image, "xmp-data", &data, &length) || !data || n == 0 || length < n) return 0;
    const unsigned char *bytes = data;
    for (size_t i = 0; i + n <= length; i++) {
        if (bytes[i] == (unsigned char)text[0] && memcmp(bytes + i, text, n) == 0) return 1;
    }
    return 0;
}

/// Whether a JPEG's first scan header breaks the rule for a sequential JPEG (Ss 0, Se 63, Ah and
/// Al 0). libjpeg warns about it ("Invalid SOS parameters for sequential JPEG") and decodes the
/// image as usual: Samsung phones write such photos. Reads the markers up to that header only.
static int daybook_jpeg_has_odd_sequential_scan(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    int odd = 0, sequential = 0;
    if (fgetc(file) != 0xFF || fgetc(file) != 0xD8) goto done;
    for (int markers = 0; markers < 4096; markers++) {
        int c = fgetc(file);
        if (c != 0xFF) goto done;
        while (c == 0xFF) c = fgetc(file);  // fill bytes
        if (c == EOF) goto done;
        if (c == 0x01 || (c >= 0xD0 && c <= 0xD7)) continue;  // markers without a length
        int high = fgetc(file), low = fgetc(file);
        if (high == EOF || low == EOF) goto done;
        long length = (long)high << 8 | low;
        if (length < 2) goto done;
        if (c == 0xC0 || c == 0xC1 || c == 0xC9) sequential = 1;  // baseline, extended, arithmetic sequential
        if (c == 0xC2 || c == 0xC3 || c == 0xCA || c == 0xCB) sequential = 0;
        if (c == 0xDA) {
            int components = fgetc(file);
            if (components == EOF || fseek(file, 2L * components, SEEK_CUR) != 0) goto done;
            int ss = fgetc(file), se = fgetc(file), ahal = fgetc(file);
            if (ahal == EOF) goto done;
            odd = sequential && (ss != 0 || se != 63 || ahal != 0);
            goto done;
        }
        if (fseek(file, length - 2, SEEK_CUR) != 0) goto done;
    }
done:
    fclose(file);
    return odd;
}

/// Gives `image` copies of its metadata of its own. libvips 8.14.1's HEIC loader (fixed in 8.14.6,
/// libvips PR #3725) keeps a photo's EXIF, XMP and ICC profile in memory that is freed with the
/// loaded image, which an image made from it still points at: every iPhone photo's EXIF was read
/// after it was freed when its variants were saved (found by the photos fuzz target under ASan).
static void daybook_vips_own_metadata(VipsImage *image) {
    static const char *const names[] = { "exif-data", "xmp-data", "iptc-data", "icc-profile-data" };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const void *data = NULL;
        size_t length = 0;
        if (!DAYBOOK_API->image_get_typeof(image, names[k]) ||
            DAYBOOK_API->image_get_blob(image, names[k], &data, &length) || !data) continue;
        DAYBOOK_API->image_set_blob_copy(image, names[k], data, length);
    }
}

/// Shrink-on-load to `width` (never larger), upright, in sRGB, decoded into memory. Fails on
/// a damaged or truncated file instead of filling it with grey: a JPEG on any of libjpeg's
/// warnings too ("Corrupt JPEG data"), which it decodes past with grey, as sharp does by default;
/// but for a JPEG whose scan header gives the warning above (the first libjpeg reports, so the
/// only one `fail_on` could tell), only on a truncated file, as before.
/// A photo with an ICC profile (Display P3 on phones, Adobe RGB) is converted to sRGB, since
/// the profile is stripped from the variants; one whose profile cannot be used is left as it is.
VipsImage *daybook_vips_thumbnail(const char *path, int width, int *any_warning_fails) {
    VipsImage *header = DAYBOOK_API->image_new_from_file(path, "access", DAYBOOK_VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!header) return NULL;
    int has_profile = DAYBOOK_API->image_get_typeof(header, "icc-profile-data") != 0;
    DAYBOOK_API->object_unref(header);
    const char *loader = DAYBOOK_API->foreign_find_load(path);
    int fail_on = loader && strstr(loader, "Jpeg") && !daybook_jpeg_has_odd_sequential_scan(path)
                      ? DAYBOOK_VIPS_FAIL_ON_WARNING : DAYBOOK_VIPS_FAIL_ON_TRUNCATED;
    *any_warning_fails = fail_on == DAYBOOK_VIPS_FAIL_ON_WARNING;
    VipsImage *out = NULL;
    // The profile's pair goes last: without one, its NULL ends the list.
    int status = DAYBOOK_API->thumbnail(path, &out, width, "height", DAYBOOK_VIPS_MAX_COORD, "size", DAYBOOK_VIPS_SIZE_DOWN,
                                        "fail_on", fail_on, has_profile ? "export_profile" : NULL, "srgb", NULL);
    if (status && has_profile) {
        DAYBOOK_API->error_clear();
        status = DAYBOOK_API->thumbnail(path, &out, width, "height", DAYBOOK_VIPS_MAX_COORD, "size", DAYBOOK_VIPS_SIZE_DOWN,
                                        "fail_on", fail_on, NULL);
    }
    if (status) return NULL;
    VipsImage *memory = DAYBOOK_API->image_copy_memory(out);
    if (memory) {
        daybook_vips_own_metadata(memory);
        // Upright now: a variant that keeps its metadata says so (EXIF Orientation 1), or a
        // browser would turn it again. libvips writes the tag from these two fields.
        DAYBOOK_API->image_set_int(memory, "orientation", 1);
        DAYBOOK_API->image_remove(memory, "exif-ifd0-Orientation");
    }
    DAYBOOK_API->object_unref(out);
    return memory;
}

/// An image already upright and in memory, resized down to `width`.
VipsImage *daybook_vips_resize(VipsImage *in, int width) {
    VipsImage *out = NULL;
    if (DAYBOOK_API->thumbnail_image(in, &out, width, "height", DAYBOOK_VIPS_MAX_COORD, "size", DAYBOOK_VIPS_SIZE_DOWN,
                                     "no_rotate", 1, NULL)) return NULL;
    return out;
}

/// An image already upright and in memory, shrunk to cover `width` × `height` (never enlarged)
/// and cropped to it where libvips finds the most to look at.
VipsImage *daybook_vips_fill(VipsImage *in, int width, int height) {
    VipsImage *out = NULL;
    if (DAYBOOK_API->thumbnail_image(in, &out, width, "height", height, "size", DAYBOOK_VIPS_SIZE_DOWN,
                                     "crop", DAYBOOK_VIPS_INTERESTING_ATTENTION, "no_rotate", 1, NULL)) return NULL;
    return out;
}

/// Encodes as "webp", "jpeg" or "avif" at quality `q`; `strip` drops metadata. The bytes are
/// freed with daybook_vips_free by the caller. JPEG has no transparency: a transparent image is
/// laid on white (libvips' default, black, hid a dark logo).
int daybook_vips_save(VipsImage *in, const char *format, int q, int strip, void **bytes, size_t *length) {
    if (strcmp(format, "webp") == 0)
        return DAYBOOK_API->webpsave_buffer(in, bytes, length, "Q", q, "strip", strip, NULL);
    if (strcmp(format, "jpeg") == 0) {
        VipsArea *white = DAYBOOK_API->array_double_newv(1, 255.0);
        int status = DAYBOOK_API->jpegsave_buffer(in, bytes, length, "Q", q, "strip", strip, "optimize_coding", 1,
                                                  "interlace", 1, "background", white, NULL);
        DAYBOOK_API->area_unref(white);
        return status;
    }
    if (strcmp(format, "avif") == 0)
        return DAYBOOK_API->heifsave_buffer(in, bytes, length, "Q", q, "strip", strip,
                                            "compression", DAYBOOK_VIPS_HEIF_AV1, NULL);
    return -1;
}

/// The WebP file without its EXIF, XMP and ICC chunks; 0 and the new bytes (daybook_webp_free)
/// on success.
int daybook_webp_strip(const void *bytes, size_t length, uint8_t **out, size_t *out_length) {
    DaybookWebPData data = { (const uint8_t *)bytes, length };
    WebPMux *mux = DAYBOOK_API->mux_create(&data, 0, DAYBOOK_WEBP_MUX_ABI_VERSION);
    if (!mux) return -1;
    DAYBOOK_API->mux_delete_chunk(mux, "EXIF");
    DAYBOOK_API->mux_delete_chunk(mux, "XMP ");
    DAYBOOK_API->mux_delete_chunk(mux, "ICCP");
    DaybookWebPData assembled = { NULL, 0 };
    int status = DAYBOOK_API->mux_assemble(mux, &assembled);
    DAYBOOK_API->mux_delete(mux);
    if (status != DAYBOOK_WEBP_MUX_OK) return -1;
    *out = (uint8_t *)assembled.bytes;
    *out_length = assembled.size;
    return 0;
}

void daybook_webp_free(uint8_t *bytes) {
    DAYBOOK_API->webp_free(bytes);
}

/// The hex SHA-256 of `length` bytes (glib's), into `hex` (65 bytes).
void daybook_sha256(const void *bytes, size_t length, char *hex) {
    char *text = DAYBOOK_API->compute_checksum_for_data(DAYBOOK_G_CHECKSUM_SHA256, (const unsigned char *)bytes, length);
    memcpy(hex, text, 64);
    hex[64] = 0;
    DAYBOOK_API->gfree(text);
}
