// Tesseract's C API and Leptonica, which Tesseract is built on (image decoding and the pre-processing
// photos need). Debian: libtesseract-dev, libleptonica-dev (scripts/setup.sh installs them).
// The declarations come from their headers; the functions eki calls are defined in tesseract.c,
// which opens the libraries on first use: only a ticket scan pays for loading them (issue 19).
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>

/// 1 when both libraries could be opened (at the first call of this or of any function below).
int ekiTesseractAvailable(void);
