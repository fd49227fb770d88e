// The Tesseract and Leptonica functions eki calls, each forwarding to the shared library opened on
// first use with dlopen. Linked at build time instead, the two libraries and the thirty-odd they
// need (image codecs, curl, archive, OpenMP…) were loaded and relocated by every eki process —
// about half the start-up of `eki --version` (docs/PERFORMANCE.md, issue 19). When a library cannot
// be opened every function answers "nothing" (NULL, an error code), which the scanner reports.
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <zlib.h>

static void *tesseract, *leptonica;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void *openFirst(const char *const *names) {
    for (; *names; names++) {
        void *handle = dlopen(*names, RTLD_NOW | RTLD_GLOBAL);
        if (handle) return handle;
    }
    return NULL;
}

static void openLibraries(void) {
    static const char *const lept[] = {"libleptonica.so.6", "liblept.so.5", "libleptonica.so", "liblept.so", NULL};
    static const char *const tess[] = {"libtesseract.so.5", "libtesseract.so", NULL};
    leptonica = openFirst(lept);
    if (leptonica) tesseract = openFirst(tess);
}

static void *symbol(void **library, const char *name) {
    pthread_once(&once, openLibraries);
    return *library ? dlsym(*library, name) : NULL;
}

int ekiTesseractAvailable(void) {
    pthread_once(&once, openLibraries);
    return tesseract != NULL && leptonica != NULL;
}

// FORWARD(library, fallback, return type, name, (parameters), (arguments))
#define FORWARD(lib, fallback, type, name, params, args) \
    type name params { \
        static type (*function) params; \
        if (!function) function = (type (*) params)symbol(&lib, #name); \
        if (!function) return fallback; \
        return function args; \
    }
#define FORWARD_VOID(lib, name, params, args) \
    void name params { \
        static void (*function) params; \
        if (!function) function = (void (*) params)symbol(&lib, #name); \
        if (function) function args; \
    }

FORWARD(tesseract, NULL, TessBaseAPI *, TessBaseAPICreate, (void), ())
FORWARD_VOID(tesseract, TessBaseAPIClear, (TessBaseAPI *handle), (handle))
FORWARD_VOID(tesseract, TessBaseAPIDelete, (TessBaseAPI *handle), (handle))
FORWARD_VOID(tesseract, TessBaseAPIEnd, (TessBaseAPI *handle), (handle))
FORWARD(tesseract, NULL, TessResultIterator *, TessBaseAPIGetIterator, (TessBaseAPI *handle), (handle))
FORWARD(tesseract, -1, int, TessBaseAPIInit2, (TessBaseAPI *handle, const char *datapath, const char *language, TessOcrEngineMode oem),
        (handle, datapath, language, oem))
FORWARD(tesseract, -1, int, TessBaseAPIRecognize, (TessBaseAPI *handle, ETEXT_DESC *monitor), (handle, monitor))
FORWARD_VOID(tesseract, TessBaseAPISetImage2, (TessBaseAPI *handle, struct Pix *pix), (handle, pix))
FORWARD_VOID(tesseract, TessBaseAPISetPageSegMode, (TessBaseAPI *handle, TessPageSegMode mode), (handle, mode))
FORWARD_VOID(tesseract, TessBaseAPISetSourceResolution, (TessBaseAPI *handle, int ppi), (handle, ppi))
FORWARD(tesseract, FALSE, BOOL, TessBaseAPISetVariable, (TessBaseAPI *handle, const char *name, const char *value), (handle, name, value))
FORWARD_VOID(tesseract, TessDeleteText, (const char *text), (text))
FORWARD(tesseract, NULL, ETEXT_DESC *, TessMonitorCreate, (void), ())
FORWARD_VOID(tesseract, TessMonitorDelete, (ETEXT_DESC *monitor), (monitor))
FORWARD_VOID(tesseract, TessMonitorSetCancelFunc, (ETEXT_DESC *monitor, TessCancelFunc cancelFunc), (monitor, cancelFunc))
FORWARD_VOID(tesseract, TessMonitorSetCancelThis, (ETEXT_DESC *monitor, void *cancelThis), (monitor, cancelThis))
FORWARD(tesseract, FALSE, BOOL, TessPageIteratorBoundingBox,
        (const TessPageIterator *handle, TessPageIteratorLevel level, int *left, int *top, int *right, int *bottom),
        (handle, level, left, top, right, bottom))
FORWARD(tesseract, FALSE, BOOL, TessPageIteratorIsAtBeginningOf, (const TessPageIterator *handle, TessPageIteratorLevel level), (handle, level))
FORWARD(tesseract, 0, float, TessResultIteratorConfidence, (const TessResultIterator *handle, TessPageIteratorLevel level), (handle, level))
FORWARD_VOID(tesseract, TessResultIteratorDelete, (TessResultIterator *handle), (handle))
FORWARD(tesseract, NULL, const TessPageIterator *, TessResultIteratorGetPageIteratorConst, (const TessResultIterator *handle), (handle))
FORWARD(tesseract, NULL, char *, TessResultIteratorGetUTF8Text, (const TessResultIterator *handle, TessPageIteratorLevel level), (handle, level))
FORWARD(tesseract, FALSE, BOOL, TessResultIteratorNext, (TessResultIterator *handle, TessPageIteratorLevel level), (handle, level))

FORWARD(leptonica, NULL, PIX *, pixOpenBrick, (PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize), (pixd, pixs, hsize, vsize))
FORWARD(leptonica, NULL, PIX *, pixCloseSafeBrick, (PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize), (pixd, pixs, hsize, vsize))
FORWARD(leptonica, 1, l_ok, pixCombineMasked, (PIX *pixd, PIX *pixs, PIX *pixm), (pixd, pixs, pixm))
FORWARD(leptonica, 1, l_ok, pixZero, (PIX *pix, l_int32 *pempty), (pix, pempty))
FORWARD(leptonica, NULL, PIX *, pixBackgroundNormSimple, (PIX *pixs, PIX *pixim, PIX *pixg), (pixs, pixim, pixg))
FORWARD(leptonica, NULL, PIX *, pixConvertTo8, (PIX *pixs, l_int32 cmapflag), (pixs, cmapflag))
FORWARD(leptonica, NULL, PIX *, pixCopy, (PIX *pixd, const PIX *pixs), (pixd, pixs))
FORWARD_VOID(leptonica, pixDestroy, (PIX **ppix), (ppix))
FORWARD(leptonica, 1, l_ok, pixFindSkewSweepAndSearch,
        (PIX *pixs, l_float32 *pangle, l_float32 *pconf, l_int32 redsweep, l_int32 redsearch, l_float32 sweeprange,
         l_float32 sweepdelta, l_float32 minbsdelta),
        (pixs, pangle, pconf, redsweep, redsearch, sweeprange, sweepdelta, minbsdelta))
FORWARD(leptonica, NULL, PIX *, pixGammaTRC, (PIX *pixd, PIX *pixs, l_float32 gamma, l_int32 minval, l_int32 maxval),
        (pixd, pixs, gamma, minval, maxval))
FORWARD(leptonica, 0, l_int32, pixGetDepth, (const PIX *pix), (pix))
FORWARD(leptonica, 0, l_int32, pixGetHeight, (const PIX *pix), (pix))
FORWARD(leptonica, 1, l_ok, pixGetRGBPixel, (PIX *pix, l_int32 x, l_int32 y, l_int32 *prval, l_int32 *pgval, l_int32 *pbval),
        (pix, x, y, prval, pgval, pbval))
FORWARD(leptonica, 0, l_int32, pixGetWidth, (const PIX *pix), (pix))
FORWARD(leptonica, NULL, PIX *, pixInvert, (PIX *pixd, PIX *pixs), (pixd, pixs))
FORWARD(leptonica, NULL, PIX *, pixReadMem, (const l_uint8 *data, size_t size), (data, size))
FORWARD(leptonica, NULL, PIX *, pixRotate, (PIX *pixs, l_float32 angle, l_int32 type, l_int32 incolor, l_int32 width, l_int32 height),
        (pixs, angle, type, incolor, width, height))
FORWARD(leptonica, NULL, PIX *, pixRotateOrth, (PIX *pixs, l_int32 quads), (pixs, quads))
FORWARD(leptonica, NULL, PIX *, pixScaleAreaMap, (PIX *pix, l_float32 scalex, l_float32 scaley), (pix, scalex, scaley))
FORWARD(leptonica, NULL, PIX *, pixThresholdToBinary, (PIX *pixs, l_int32 thresh), (pixs, thresh))
FORWARD(leptonica, 1, l_ok, pixWrite, (const char *fname, PIX *pix, l_int32 format), (fname, pix, format))
FORWARD(leptonica, 0, l_int32, setMsgSeverity, (l_int32 newsev), (newsev))
FORWARD(leptonica, NULL, PIX *, pixReadMemJpeg,
        (const l_uint8 *data, size_t size, l_int32 cmflag, l_int32 reduction, l_int32 *pnwarn, l_int32 hint),
        (data, size, cmflag, reduction, pnwarn, hint))
FORWARD(leptonica, 1, l_ok, pixGetPixel, (PIX *pix, l_int32 x, l_int32 y, l_uint32 *pval), (pix, x, y, pval))

// zlib, the one libpng (under Leptonica) inflates with: opened on its own, since a PNG is checked
// before anything else of the scanner is loaded.
static int (*zInit)(z_streamp, const char *, int);
static int (*zInflate)(z_streamp, int);
static int (*zEnd)(z_streamp);
static pthread_once_t zlibOnce = PTHREAD_ONCE_INIT;

static void openZlib(void) {
    static const char *const names[] = {"libz.so.1", "libz.so", NULL};
    void *zlib = openFirst(names);
    if (!zlib) return;
    zEnd = (int (*)(z_streamp))dlsym(zlib, "inflateEnd");
    zInflate = (int (*)(z_streamp, int))dlsym(zlib, "inflate");
    zInit = (int (*)(z_streamp, const char *, int))dlsym(zlib, "inflateInit_");
}

long ekiInflatedBytes(const unsigned char *const *pieces, const size_t *sizes, int count, long limit) {
    pthread_once(&zlibOnce, openZlib);
    if (!zInit || !zInflate || !zEnd) return -1;
    z_stream stream = {0};
    if (zInit(&stream, ZLIB_VERSION, (int)sizeof(z_stream)) != Z_OK) return -1;
    unsigned char scratch[16384];   // small: this may run on any thread's stack
    long total = 0;
    int status = Z_OK;
    // Each piece in turn; after the last, what inflate still holds (it stops when its buffer is full).
    for (int piece = 0; piece <= count && status == Z_OK && total <= limit; piece++) {
        stream.next_in = piece < count ? (unsigned char *)pieces[piece] : NULL;
        stream.avail_in = piece < count ? (uInt)sizes[piece] : 0;
        while (status == Z_OK && total <= limit) {
            stream.next_out = scratch;
            stream.avail_out = sizeof scratch;
            uInt before = stream.avail_in;
            status = zInflate(&stream, Z_NO_FLUSH);
            long made = (long)(sizeof scratch - stream.avail_out);
            total += made;
            if (status == Z_BUF_ERROR) status = Z_OK;   // nothing more from this piece
            if (made == 0 && stream.avail_in == before) break;
        }
    }
    zEnd(&stream);
    return total > limit ? limit + 1 : total;
}
