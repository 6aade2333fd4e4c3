#ifndef DAYBOOK_CVIPS_H
#define DAYBOOK_CVIPS_H
// libvips (photos) and libwebp's mux API (taking metadata chunks out of WebP files, which
// libvips 8.14.1 leaves in: libvips issue 3340). Only the headers are used at build time: the
// libraries are opened with dlopen the first time a photo needs them, so that a build whose
// photos all come from the cache, and every other command, never loads libvips and the hundred
// libraries it brings (30 ms at each start). libvips' calls take variable arguments, which
// Swift cannot make, so each call Daybook uses has a fixed-argument wrapper here.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// The few pieces of libvips' (8.13 and later, soname 42), glib's and libwebpmux's ABI that
// Daybook uses, declared here so that nothing links them at build time. The enum values are
// those of vips/image.h, vips/resample.h, vips/foreign.h, glib/gchecksum.h and webp/mux.h, which
// keep them across their ABI versions.
typedef struct _VipsImage VipsImage;
typedef struct _VipsArea VipsArea;
typedef struct WebPMux WebPMux;
typedef struct { const uint8_t *bytes; size_t size; } DaybookWebPData;
enum { DAYBOOK_VIPS_ACCESS_SEQUENTIAL = 1, DAYBOOK_VIPS_SIZE_DOWN = 2, DAYBOOK_VIPS_FAIL_ON_TRUNCATED = 1, DAYBOOK_VIPS_FAIL_ON_WARNING = 3,
       DAYBOOK_VIPS_MAX_COORD = 10000000, DAYBOOK_VIPS_HEIF_AV1 = 4, DAYBOOK_VIPS_INTERESTING_ATTENTION = 3, DAYBOOK_G_CHECKSUM_SHA256 = 2,
       DAYBOOK_WEBP_MUX_OK = 1, DAYBOOK_WEBP_MUX_ABI_VERSION = 0x0108, DAYBOOK_G_LOG_LEVEL_WARNING = 1 << 4 };

#if defined(__APPLE__)
#define DAYBOOK_VIPS_LIBRARY "libvips.42.dylib"
#define DAYBOOK_WEBPMUX_LIBRARY "libwebpmux.3.dylib"
#else
#define DAYBOOK_VIPS_LIBRARY "libvips.so.42"
#define DAYBOOK_WEBPMUX_LIBRARY "libwebpmux.so.3"
#endif

/// Opens and starts libvips once: only its loaders safe for untrusted data, one worker thread
/// per image (Daybook processes photos in parallel itself), no operation cache. 0 when ready,
/// else -1 and `daybook_vips_problem()` says why.
int daybook_vips_start(void);
const char *daybook_vips_problem(void);

/// The image's header only (no pixels are decoded); NULL with vips' error buffer set.
VipsImage *daybook_vips_header(const char *path);
/// The loader libvips would use for the file ("VipsForeignLoadJpegFile"), or NULL.
const char *daybook_vips_loader(const char *path);
int daybook_vips_width(VipsImage *image);
int daybook_vips_height(VipsImage *image);
int daybook_vips_orientation(VipsImage *image);
/// Whether the image's header has the field `name` ("exif-ifd3-GPSLatitude"): 1 or 0.
int daybook_vips_has_field(VipsImage *image, const char *name);
/// Whether the image's XMP packet, if it has one, holds the bytes `text` ("GPSLatitude"): 1 or 0.
int daybook_vips_xmp_holds(VipsImage *image, const char *text);
void daybook_vips_unref(VipsImage *image);
void daybook_vips_free(void *bytes);
const char *daybook_vips_error_buffer(void);
void daybook_vips_error_clear(void);

/// Shrink-on-load to `width` (never larger), upright, converted to sRGB from an embedded
/// profile, decoded into memory. Fails on a damaged or truncated file (a JPEG on libjpeg's
/// warnings too) instead of filling it with grey. `any_warning_fails` is set to 1 when any
/// warning libjpeg gives the file means it is damaged (0 for a JPEG whose scan header draws one).
VipsImage *daybook_vips_thumbnail(const char *path, int width, int *any_warning_fails);
/// How many warnings that a JPEG is damaged libvips has given so far (any thread), and the last one.
long daybook_vips_damage_count(void);
void daybook_vips_damage_message(char *out, size_t size);
/// How many JPEGs libvips has closed so far (any thread) after libjpeg warned about them.
long daybook_vips_jpeg_warned_count(void);
/// An image already upright and in memory, resized down to `width`.
VipsImage *daybook_vips_resize(VipsImage *in, int width);
/// An image already upright and in memory, shrunk to cover `width` × `height` (never enlarged)
/// and cropped to it where libvips finds the most to look at (`VIPS_INTERESTING_ATTENTION`:
/// faces, colour, detail; Hugo's `Smart`).
VipsImage *daybook_vips_fill(VipsImage *in, int width, int height);
/// Encodes as "webp", "jpeg" or "avif" at quality `q`; `strip` drops metadata. The bytes are
/// freed with daybook_vips_free by the caller.
int daybook_vips_save(VipsImage *in, const char *format, int q, int strip, void **bytes, size_t *length);
/// The WebP file without its EXIF, XMP and ICC chunks; 0 and the new bytes (daybook_webp_free)
/// on success.
int daybook_webp_strip(const void *bytes, size_t length, uint8_t **out, size_t *out_length);
void daybook_webp_free(uint8_t *bytes);
/// The hex SHA-256 of `length` bytes (glib's), into `hex` (65 bytes).
void daybook_sha256(const void *bytes, size_t length, char *hex);
#endif
