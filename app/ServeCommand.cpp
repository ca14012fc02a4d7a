// `sudokucam serve`: the helper page in a browser. Only arguments, the address printed and Ctrl-C
// live here; the server is app/PageServer.h.

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <iostream>
#include <memory>
#include <thread>

#include "app/Commands.h"
#include "app/Interrupt.h"
#include "app/OpenCvThreads.h"
#include "app/OptionChoices.h"
#include "app/PageServer.h"
#include "app/ReaderChoice.h"
#include "app/ReaderFlags.h"
#include "app/TlsCertificate.h"

namespace sudokucam {
namespace {

struct ServeArguments {
    PageServerOptions server;
    std::string engine = "cnn";
    std::string web;
    bool tls = false;
    std::string certificate;
    std::string key;
};

// The certificate to serve HTTPS with: the one given, or one of sudokucam's own, made on first
// use. Says which, and its fingerprint, so the person can compare it with what the phone shows.
TlsFiles ChooseCertificate(const ServeArguments& args) {
    TlsFiles files{args.certificate, args.key};
    if (args.certificate.empty()) {
        const SelfSignedCertificate made =
            EnsureSelfSignedCertificate(SettingsDir(), {args.server.host});
        files = made.files;
        std::cerr << "sudokucam serve: " << (made.created ? "made the" : "using the")
                  << " self-signed certificate " << files.certificate.string() << "\n";
    }
    std::cerr << "sudokucam serve: certificate fingerprint "
              << CertificateFingerprint(files.certificate) << "\n";
    return files;
}

bool IsLoopback(const std::string& host) {
    return host == "localhost" || host == "::1" || host.starts_with("127.");
}

int Serve(ServeArguments& args) {
    // First, so that a Ctrl-C while the server starts still ends it cleanly.
    const InterruptGuard interrupt;
    args.server.reader.engine = EngineNamed(args.engine);
    if (!args.web.empty()) args.server.webRoot = args.web;
    if (args.tls || !args.certificate.empty()) args.server.tls = ChooseCertificate(args);
    // Each request reads its photo on one core; the cores serve several requests at once.
    const OpenCvThreads oneThreadPerReading(1);
    PageServer server(args.server);
    const int port = server.bind();
    const std::string shown =
        args.server.host == "0.0.0.0" || args.server.host == "::" ? "127.0.0.1" : args.server.host;
    fmt::print("open {}://{}:{}/\n", args.server.tls ? "https" : "http",
               shown.find(':') != std::string::npos ? "[" + shown + "]" : shown, port);
    std::fflush(stdout);
    if (!IsLoopback(args.server.host))
        std::cerr << "sudokucam serve: listening on " << args.server.host
                  << ": anyone on the network can use this page and send it photos\n";
    std::atomic<bool> finished = false;
    std::thread watcher([&] {
        while (!interrupt.stop() && !finished)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        server.stop();
    });
    server.run();
    finished = true;
    watcher.join();
    std::cerr << "sudokucam serve: stopped\n";
    return kExitOk;
}

}  // namespace

void RegisterServeCommand(CLI::App& app, int& exitCode) {
    auto args = std::make_shared<ServeArguments>();
    CLI::App* command = app.add_subcommand(
        "serve", "Serve the helper page: read a photo, correct it, play, hint, check, share");
    command->add_option("--host", args->server.host,
                        "Address to listen on; 0.0.0.0 lets phones on the network in "
                        "(default: 127.0.0.1, this machine only)");
    command->add_option("--port", args->server.port, "Port; 0 picks a free one (default: 8080)")
        ->check(CLI::Range(0, 65535));
    command->add_option(
        "--web", args->web,
        "Folder of the page's files (default: the installed page, or $SUDOKUCAM_WEB)");
    command->add_option("--engine", args->engine, "Digit classifier (default: cnn)")
        ->check(CLI::IsMember(kEngineChoices));
    command
        ->add_option("--max-reads", args->server.maxConcurrentReads,
                     "Photos read at once; more are told to retry (default: the number of cores)")
        ->check(CLI::Range(1, 256));
    command
        ->add_option("--timeout", args->server.ioTimeoutSeconds,
                     "Seconds a client may take to send a request or read an answer (default: 10)")
        ->check(CLI::Range(1, 3600));
    command->add_flag("--tls", args->tls,
                      "Serve HTTPS, which a phone needs to give the page its camera; without "
                      "--cert, with a self-signed certificate made on first use and kept in "
                      "~/.config/sudokucam");
    auto* cert = command
                     ->add_option("--cert", args->certificate,
                                  "PEM certificate to serve HTTPS with (implies --tls)")
                     ->check(CLI::ExistingFile);
    auto* key = command->add_option("--key", args->key, "PEM private key of --cert")
                    ->check(CLI::ExistingFile);
    cert->needs(key);
    key->needs(cert);
    AddInputLimitOptions(*command, args->server.reader.limits);
    command->callback([args, &exitCode] {
        try {
            exitCode = Serve(*args);
        } catch (const std::exception& e) {
            std::cerr << "sudokucam serve: " << e.what() << "\n";
            exitCode = kExitUsage;
        }
    });
}

}  // namespace sudokucam
