// The system's OpenSSL libcrypto (libssl-dev): SHA-512 and Ed25519 through its EVP interface.
#include <openssl/evp.h>
#include <openssl/rand.h>
