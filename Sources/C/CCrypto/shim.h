// OpenSSL's libcrypto (Debian's libssl-dev): digests through EVP, never written by hand.
#include <openssl/evp.h>
