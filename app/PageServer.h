#pragma once
// `sudokucam serve`: the helper page's HTTP server. It serves the static page (web/) and the
// JSON API of web/API.md; every answer comes from the same functions the command line uses
// (PuzzleJson, GameApi, ReadingJson), so the page and the terminal never disagree. It keeps no
// game state: the page holds the game.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "vision/reading/ReadSudoku.h"

namespace sudokucam {

// A certificate and its private key, PEM files: the page served over HTTPS, which phones need
// before they give a page their camera.
struct TlsFiles {
    std::filesystem::path certificate;
    std::filesystem::path key;
};

struct PageServerOptions {
    // Address to listen on (default: 127.0.0.1, this machine only).
    std::string host = "127.0.0.1";
    // Port; 0 picks a free one (default: 8080).
    int port = 8080;
    // The page's files (default: FindWebRoot()).
    std::filesystem::path webRoot;
    // The reader's engine and input limits; the request body limit is limits.maxFileBytes.
    sudoku::ReaderOptions reader;
    // Photos read at once; more are answered 503 "busy" (default: the number of cores).
    int maxConcurrentReads = 0;
    // Serve HTTPS with these files (default: plain HTTP).
    std::optional<TlsFiles> tls;
    // Seconds a client may take to send a request or receive an answer (default: 10).
    int ioTimeoutSeconds = 10;
};

// The folder of the page's files: $SUDOKUCAM_WEB when set, else the source tree's web/ (a build
// run where it was built), else the installed share/sudokucam/web. Throws std::runtime_error naming
// the folders tried.
std::filesystem::path FindWebRoot();

class PageServer {
public:
    // Throws std::runtime_error when the web root has no index.html.
    explicit PageServer(PageServerOptions options);
    ~PageServer();
    PageServer(const PageServer&) = delete;
    PageServer& operator=(const PageServer&) = delete;

    // Binds the address; returns the port (the one chosen when options.port is 0). Throws
    // std::runtime_error when the address cannot be bound.
    int bind();
    // Serves until stop(); call bind() first, and run() once.
    void run();
    // Safe from any thread (a signal watcher, a test), before run() or during it: a run() that
    // has not begun yet returns at once.
    void stop();

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace sudokucam
