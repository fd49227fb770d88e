// Tesseract's C API and Leptonica, which Tesseract is built on (image decoding and the pre-processing
// photos need). Debian: libtesseract-dev, libleptonica-dev (scripts/setup.sh installs them).
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
