#ifndef WALKSCAPE_CLIBCRYPTO_SHIM_H
#define WALKSCAPE_CLIBCRYPTO_SHIM_H
/* OpenSSL's libcrypto (Debian: libssl-dev), for its message digests only: SHA-256 and MD5 through EVP. */
#include <openssl/evp.h>
#endif
