#ifndef DAYBOOK_CVIPS_SHIM_H
#define DAYBOOK_CVIPS_SHIM_H
// libvips (photos) and libwebp's mux API (taking metadata chunks out of WebP files, which
// libvips 8.14.1 leaves in: libvips issue 3340). libvips' calls take variable arguments,
// which Swift cannot make, so each call Daybook uses has a fixed-argument wrapper here.
#include <vips/vips.h>
#include <webp/mux.h>
#include <string.h>

/// Starts libvips once: only its loaders marked safe for untrusted data run, one worker
/// thread per image (Daybook processes photos in parallel itself), no operation cache.
static inline int daybook_vips_start(void) {
    if (VIPS_INIT("daybook")) return -1;
#if VIPS_MAJOR_VERSION > 8 || (VIPS_MAJOR_VERSION == 8 && VIPS_MINOR_VERSION >= 13)
    vips_block_untrusted_set(TRUE);
#endif
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    return 0;
}

/// The image's header only (no pixels are decoded); NULL with vips' error buffer set.
static inline VipsImage *daybook_vips_header(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The loader libvips would use for the file ("VipsForeignLoadJpegFile"), or NULL.
static inline const char *daybook_vips_loader(const char *path) {
    return vips_foreign_find_load(path);
}

static inline int daybook_vips_orientation(VipsImage *image) {
    int orientation = 1;
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) &&
        vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation) == 0) return orientation;
    return 1;
}

/// Shrink-on-load to `width` (never larger), upright, in sRGB, decoded into memory. Fails on
/// a damaged or truncated file instead of filling it with grey.
static inline VipsImage *daybook_vips_thumbnail(const char *path, int width) {
    VipsImage *out = NULL;
    if (vips_thumbnail(path, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                       "export_profile", "srgb", "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL)) return NULL;
    VipsImage *memory = vips_image_copy_memory(out);
    g_object_unref(out);
    return memory;
}

/// An image already upright and in memory, resized down to `width`.
static inline VipsImage *daybook_vips_resize(VipsImage *in, int width) {
    VipsImage *out = NULL;
    if (vips_thumbnail_image(in, &out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                             "no_rotate", TRUE, NULL)) return NULL;
    return out;
}

/// Encodes as "webp", "jpeg" or "avif" at quality `q`; `strip` drops metadata. The bytes are
/// g_free'd by the caller.
static inline int daybook_vips_save(VipsImage *in, const char *format, int q, int strip, void **bytes, size_t *length) {
    if (strcmp(format, "webp") == 0)
        return vips_webpsave_buffer(in, bytes, length, "Q", q, "strip", strip, NULL);
    if (strcmp(format, "jpeg") == 0)
        return vips_jpegsave_buffer(in, bytes, length, "Q", q, "strip", strip, "optimize_coding", TRUE,
                                    "interlace", TRUE, NULL);
    if (strcmp(format, "avif") == 0)
        return vips_heifsave_buffer(in, bytes, length, "Q", q, "strip", strip,
                                    "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, NULL);
    vips_error("daybook", "unknown photo format %s", format);
    return -1;
}

/// The WebP file without its EXIF, XMP and ICC chunks; 0 and the new bytes (WebPFree) on success.
static inline int daybook_webp_strip(const void *bytes, size_t length, uint8_t **out, size_t *out_length) {
    WebPData data = { (const uint8_t *)bytes, length };
    WebPMux *mux = WebPMuxCreate(&data, 0);
    if (!mux) return -1;
    WebPMuxDeleteChunk(mux, "EXIF");
    WebPMuxDeleteChunk(mux, "XMP ");
    WebPMuxDeleteChunk(mux, "ICCP");
    WebPData assembled = { NULL, 0 };
    WebPMuxError status = WebPMuxAssemble(mux, &assembled);
    WebPMuxDelete(mux);
    if (status != WEBP_MUX_OK) return -1;
    *out = (uint8_t *)assembled.bytes;
    *out_length = assembled.size;
    return 0;
}

static inline void daybook_webp_free(uint8_t *bytes) {
    WebPData data = { bytes, 0 };
    WebPDataClear(&data);
}

/// The hex SHA-256 of `length` bytes (glib's), into `hex` (65 bytes).
static inline void daybook_sha256(const void *bytes, size_t length, char *hex) {
    gchar *text = g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)bytes, length);
    memcpy(hex, text, 64);
    hex[64] = 0;
    g_free(text);
}
#endif
