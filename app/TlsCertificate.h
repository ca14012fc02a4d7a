#pragma once
// `serve --tls` without a certificate of one's own: a self-signed one, made on first use and kept
// beside sudokucam's settings, so a phone that accepted it once is not asked again. Browsers give
// a page the camera only over HTTPS (or on localhost).

#include <filesystem>
#include <string>
#include <vector>

#include "app/PageServer.h"

namespace sudokucam {

// $XDG_CONFIG_HOME/sudokucam, else ~/.config/sudokucam.
std::filesystem::path SettingsDir();

struct SelfSignedCertificate {
    TlsFiles files;
    bool created = false;  // made now rather than found
};

// The certificate and key in `dir` (tls-certificate.pem, tls-key.pem), made when absent: an
// ECDSA P-256 key, ten years, for localhost, 127.0.0.1 and `names` (host names or IPv4/IPv6
// addresses). The key file is readable by its owner only. Throws std::runtime_error when they
// cannot be made or written.
SelfSignedCertificate EnsureSelfSignedCertificate(const std::filesystem::path& dir,
                                                  const std::vector<std::string>& names);

// "SHA-256 4F:1A:..." of a PEM certificate, what a phone's browser shows to compare. Throws
// std::runtime_error for a file that is no certificate.
std::string CertificateFingerprint(const std::filesystem::path& certificate);

}  // namespace sudokucam
