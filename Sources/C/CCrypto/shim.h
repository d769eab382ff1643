// OpenSSL's libcrypto (Debian's libssl-dev): digests, AES-256-GCM, PBKDF2 and random bytes
// through EVP, never written by hand.
#include <openssl/evp.h>
#include <openssl/rand.h>
