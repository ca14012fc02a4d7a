#include "app/TlsCertificate.h"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <sys/stat.h>

#include <arpa/inet.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>

namespace sudokucam {
namespace {

namespace fs = std::filesystem;

using PKeyPtr = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;
using X509Ptr = std::unique_ptr<X509, decltype(&X509_free)>;
using FilePtr = std::unique_ptr<FILE, decltype(&std::fclose)>;

bool IsIpAddress(const std::string& name) {
    unsigned char buffer[16];
    return inet_pton(AF_INET, name.c_str(), buffer) == 1 ||
           inet_pton(AF_INET6, name.c_str(), buffer) == 1;
}

// "DNS:localhost,IP:127.0.0.1,...": the names a browser checks the address it opened against.
std::string AltNames(const std::vector<std::string>& names) {
    std::string list = "DNS:localhost,IP:127.0.0.1";
    for (const std::string& name : names) {
        const bool wildcard = name == "0.0.0.0" || name == "::";
        const bool malformed = name.find_first_of(",:") != std::string::npos && !IsIpAddress(name);
        if (name.empty() || name == "localhost" || name == "127.0.0.1" || wildcard || malformed)
            continue;
        list += (IsIpAddress(name) ? ",IP:" : ",DNS:") + name;
    }
    return list;
}

void Check(bool ok, const char* what) {
    if (!ok) throw std::runtime_error(std::string("cannot make the TLS certificate: ") + what);
}

X509Ptr MakeCertificate(EVP_PKEY* key, const std::vector<std::string>& names) {
    X509Ptr cert(X509_new(), &X509_free);
    Check(cert != nullptr, "out of memory");
    Check(X509_set_version(cert.get(), 2) == 1, "version");
    unsigned char serial[8];
    Check(RAND_bytes(serial, sizeof serial) == 1, "random serial");
    serial[0] &= 0x7f;  // a positive serial number
    BIGNUM* bn = BN_bin2bn(serial, sizeof serial, nullptr);
    Check(bn != nullptr && BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get())) != nullptr,
          "serial");
    BN_free(bn);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -60 * 60);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 60L * 60 * 24 * 3650);
    Check(X509_set_pubkey(cert.get(), key) == 1, "public key");
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                               reinterpret_cast<const unsigned char*>("sudokucam"), -1, -1, 0);
    Check(X509_set_issuer_name(cert.get(), name) == 1, "issuer");
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, cert.get(), cert.get(), nullptr, nullptr, 0);
    const std::string altNames = AltNames(names);
    X509_EXTENSION* extension =
        X509V3_EXT_conf_nid(nullptr, &context, NID_subject_alt_name, altNames.c_str());
    Check(extension != nullptr, "subject alternative names");
    X509_add_ext(cert.get(), extension, -1);
    X509_EXTENSION_free(extension);
    Check(X509_sign(cert.get(), key, EVP_sha256()) > 0, "signature");
    return cert;
}

// Writes through a temporary file and a rename, so a crash never leaves half a PEM file.
template <class Write>
void WritePem(const fs::path& path, mode_t mode, Write write) {
    const fs::path temp = path.string() + ".sudokucam-tmp";
    {
        FilePtr file(std::fopen(temp.c_str(), "w"), &std::fclose);
        if (!file) throw std::runtime_error("cannot write " + temp.string());
        ::chmod(temp.c_str(), mode);
        const bool written = write(file.get()) == 1;
        if (!written || std::fflush(file.get()) != 0) {
            fs::remove(temp);
            throw std::runtime_error("cannot write " + temp.string());
        }
    }
    fs::rename(temp, path);
}

}  // namespace

fs::path SettingsDir() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg == '/')
        return fs::path(xdg) / "sudokucam";
    const char* home = std::getenv("HOME");
    return fs::path(home != nullptr && *home != '\0' ? home : ".") / ".config" / "sudokucam";
}

SelfSignedCertificate EnsureSelfSignedCertificate(const fs::path& dir,
                                                  const std::vector<std::string>& names) {
    SelfSignedCertificate made{{dir / "tls-certificate.pem", dir / "tls-key.pem"}, false};
    std::error_code ec;
    if (fs::is_regular_file(made.files.certificate, ec) && fs::is_regular_file(made.files.key, ec))
        return made;
    fs::create_directories(dir, ec);
    if (ec)
        throw std::runtime_error("cannot make the folder " + dir.string() + ": " + ec.message());
    PKeyPtr key(EVP_EC_gen("P-256"), &EVP_PKEY_free);
    Check(key != nullptr, "key generation");
    const X509Ptr cert = MakeCertificate(key.get(), names);
    WritePem(made.files.key, 0600, [&](FILE* f) {
        return PEM_write_PrivateKey(f, key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    });
    WritePem(made.files.certificate, 0644, [&](FILE* f) { return PEM_write_X509(f, cert.get()); });
    made.created = true;
    return made;
}

std::string CertificateFingerprint(const fs::path& certificate) {
    FilePtr file(std::fopen(certificate.c_str(), "r"), &std::fclose);
    if (!file) throw std::runtime_error("cannot read " + certificate.string());
    X509Ptr cert(PEM_read_X509(file.get(), nullptr, nullptr, nullptr), &X509_free);
    if (!cert) throw std::runtime_error(certificate.string() + " is not a PEM certificate");
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    Check(X509_digest(cert.get(), EVP_sha256(), digest, &length) == 1, "fingerprint");
    std::string text = "SHA-256 ";
    char hex[4];
    for (unsigned int i = 0; i < length; ++i) {
        std::snprintf(hex, sizeof hex, i + 1 < length ? "%02X:" : "%02X", digest[i]);
        text += hex;
    }
    return text;
}

}  // namespace sudokucam
