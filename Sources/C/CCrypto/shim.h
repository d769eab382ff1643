// OpenSSL's libcrypto (Debian's libssl-dev): digests, HMAC, AES-256-GCM, PBKDF2, HKDF and
// random bytes through EVP, never written by hand.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/rand.h>
