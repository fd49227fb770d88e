// Tesseract's C API and Leptonica, which Tesseract is built on (image decoding and the pre-processing
// photos need). Debian: libtesseract-dev, libleptonica-dev (scripts/setup.sh installs them).
// The declarations come from their headers; the functions eki calls are defined in tesseract.c,
// which opens the libraries on first use: only a ticket scan pays for loading them (issue 19).
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>

/// 1 when both libraries could be opened (at the first call of this or of any function below).
int ekiTesseractAvailable(void);

/// How many bytes the zlib stream made of `count` pieces inflates to, counted to `limit` and no
/// further (limit + 1 means more); -1 when zlib cannot be opened. Nothing is kept: the output goes
/// to a scratch buffer. A PNG's image data is checked with it before libpng inflates it for real.
long ekiInflatedBytes(const unsigned char *const *pieces, const size_t *sizes, int count, long limit);
