#include "app/PageServer.h"

#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <semaphore>
#include <stdexcept>
#include <thread>

#include "app/GameApi.h"
#include "app/GenerateRequest.h"
#include "app/LiveSessions.h"
#include "app/OptionChoices.h"
#include "app/PuzzleJson.h"
#include "app/ReaderChoice.h"
#include "app/ReadingJson.h"
#include "solver/Generator.h"
#include "solver/TextFormat.h"
#include "vision/reading/ImageDecode.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The most photos that can wait for a reading slot at once is zero: a request that finds every
// slot taken is told to retry, so a burst never piles up memory or latency.
constexpr std::ptrdiff_t kMaxSlots = 256;
using Slots = std::counting_semaphore<kMaxSlots>;

// Holds one slot of the heavy work (reading a photo, generating a puzzle) or answers 503.
class SlotGuard {
public:
    explicit SlotGuard(Slots& slots) : slots_(slots), held_(slots.try_acquire()) {
        if (!held_) throw ApiError(503, "busy: every core is reading a photo; retry in a moment");
    }
    ~SlotGuard() {
        if (held_) slots_.release();
    }
    SlotGuard(const SlotGuard&) = delete;
    SlotGuard& operator=(const SlotGuard&) = delete;

private:
    Slots& slots_;
    bool held_;
};

void SendJson(httplib::Response& res, int status, const OrderedJson& body) {
    res.status = status;
    res.set_content(body.dump(), "application/json");
}

void SendError(httplib::Response& res, int status, const std::string& message) {
    if (status == 503) res.set_header("Retry-After", "1");
    SendJson(res, status, {{"error", message}});
}

json ParseBody(const httplib::Request& req) {
    try {
        return json::parse(req.body);
    } catch (const json::parse_error& e) {
        throw ApiError(400, fmt::format("malformed JSON: {}", e.what()));
    }
}

std::string StringField(const json& request, const char* name) {
    if (!request.is_object() || !request.contains(name) || !request[name].is_string())
        throw ApiError(400, fmt::format("'{}' must be given as a string", name));
    return request[name].get<std::string>();
}

// The answer of one API call; every failure becomes a status and a sentence for the page.
void Answer(httplib::Response& res, const std::function<OrderedJson()>& make) {
    try {
        SendJson(res, 200, make());
    } catch (const ApiError& e) {
        SendError(res, e.status(), e.what());
    } catch (const json::exception& e) {
        SendError(res, 400, fmt::format("a field has the wrong type: {}", e.what()));
    } catch (const std::invalid_argument& e) {
        SendError(res, 400, e.what());
    } catch (const std::exception& e) {
        SendError(res, 500, fmt::format("internal error: {}", e.what()));
    }
}

// A puzzle given as text in any form the command line reads; 400 with the line and column.
InputPuzzle PuzzleFromText(const std::string& text) {
    InputPuzzle input{"the puzzle text", 0, sudoku::ParsePuzzle(text)};
    if (!input.parsed.ok()) throw ApiError(400, input.errorMessage());
    return input;
}

// The puzzle of a request's `field`, on the variant the request names (or the text's own).
InputPuzzle RequestPuzzle(const json& request, const char* field) {
    InputPuzzle input = PuzzleFromText(StringField(request, field));
    input.parsed.board = WithRequestVariant(request, input.parsed.board);
    return input;
}

OrderedJson ParseAnswer(const json& request) {
    const InputPuzzle input = RequestPuzzle(request, "text");
    const sudoku::Board& board = input.parsed.board;
    OrderedJson answer = {{"size", board.size()},
                          {"clues", board.toLine(sudoku::CellOrigin::Given)},
                          {"entries", board.toLine(sudoku::CellOrigin::Entered)},
                          {"format", sudoku::TextFormatName(input.parsed.format)}};
    AddVariantJson(board.geometry(), answer);
    return answer;
}

template <class T>
T OptionalField(const json& request, const char* name, T fallback) {
    if (!request.is_object()) throw ApiError(400, "the request must be a JSON object");
    return request.contains(name) ? request[name].get<T>() : fallback;
}

// The page offers grids up to 16x16: with boxes (4, 6, 8, 9, 12, 16), or any size for a jigsaw.
constexpr int kMaxPageSize = 16;

void CheckGeneratedSize(const GenerateRequest& g) {
    if (!g.regions.empty()) {
        if (g.regions.size() > kMaxPageSize * kMaxPageSize)
            throw ApiError(400, fmt::format("'regions' has {} letters; the page plays grids up "
                                            "to 16x16 (256 cells)",
                                            g.regions.size()));
        return;  // its size is the map's, checked with the map
    }
    if (g.variant == "jigsaw") {
        if (g.size < 4 || g.size > kMaxPageSize)
            throw ApiError(400,
                           fmt::format("size {} is not a jigsaw the page plays (4 to 16)", g.size));
        return;
    }
    if (!sudoku::Geometry::ForSize(g.size) || g.size < 4 || g.size > kMaxPageSize)
        throw ApiError(400, fmt::format("size {} is not one of 4, 6, 8, 9, 12, 16 (a jigsaw "
                                        "takes any size 4 to 16)",
                                        g.size));
}

sudoku::GeneratorOptions GeneratorOptionsFrom(const json& request) {
    GenerateRequest g;
    g.size = OptionalField(request, "size", 9);
    g.variant = OptionalField<std::string>(request, "variant", "classic");
    g.regions = OptionalField<std::string>(request, "regions", "");
    if (!g.regions.empty() && !request.contains("variant")) g.variant = "jigsaw";
    CheckGeneratedSize(g);
    g.difficulty = OptionalField<std::string>(request, "difficulty", "any");
    g.symmetry = OptionalField<std::string>(request, "symmetry", "none");
    if (request.contains("seed")) g.seed = request["seed"].get<std::uint64_t>();
    // A request holds a thread: a level that size rarely reaches gives up instead of hanging.
    g.timeLimitSeconds = 10;
    g.grade = true;
    try {
        return ToGeneratorOptions(g);
    } catch (const std::invalid_argument& e) {
        throw ApiError(400, e.what());
    }
}

OrderedJson GenerateAnswer(const json& request) {
    const sudoku::GeneratorOptions options = GeneratorOptionsFrom(request);
    try {
        return GeneratedJson(sudoku::Generate(options));
    } catch (const std::runtime_error& e) {
        throw ApiError(422, e.what());
    }
}

sudoku::Variant PhotoVariant(const httplib::Request& req) {
    if (!req.has_param("variant")) return sudoku::Variant::Classic;
    const std::string text = req.get_param_value("variant");
    const auto variant = sudoku::VariantFromName(text);
    if (!variant)
        throw ApiError(400, fmt::format("variant '{}' is not classic, jigsaw or x", text));
    return *variant;
}

// ?size=N for a photo's grid, the sizes `read --size` takes with the variant.
int PhotoSize(const httplib::Request& req, sudoku::Variant variant) {
    if (!req.has_param("size")) return 9;
    const std::string text = req.get_param_value("size");
    for (int size : kVariantPhotoGridSizes)
        if (text == std::to_string(size)) {
            if (const std::string problem = SizeProblem(size, variant); !problem.empty())
                throw ApiError(400, problem);
            return size;
        }
    throw ApiError(
        400, fmt::format("size '{}' is not one of 4, 6, 8, 9, 12, 16 (13 for a jigsaw)", text));
}

// The browser may load only this server's own files: nothing from another site runs.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

}  // namespace

fs::path FindWebRoot() {
    std::vector<fs::path> dirs;
    if (const char* env = std::getenv("SUDOKUCAM_WEB"); env != nullptr && *env != '\0')
        dirs.emplace_back(env);
#ifdef SUDOKU_SOURCE_WEB_DIR
    dirs.emplace_back(SUDOKU_SOURCE_WEB_DIR);
#endif
#ifdef SUDOKU_INSTALLED_WEB_DIR
    dirs.emplace_back(SUDOKU_INSTALLED_WEB_DIR);
#endif
    std::string looked;
    for (const fs::path& dir : dirs) {
        std::error_code ec;
        if (fs::is_regular_file(dir / "index.html", ec)) return dir;
        looked += "\n  " + dir.string();
    }
    throw std::runtime_error("the page's files (index.html) were not found; looked in:" + looked +
                             "\nSet SUDOKUCAM_WEB or give --web DIR.");
}

class PageServer::Impl {
public:
    explicit Impl(PageServerOptions options)
        : options_(std::move(options)),
          readSlots_(ReadSlots(options_.maxConcurrentReads)),
          http_(MakeHttpServer(options_.tls)),
          cameras_(options_.reader, kMaxCameras, std::chrono::seconds(30)) {
        if (options_.webRoot.empty()) options_.webRoot = FindWebRoot();
        std::error_code ec;
        if (!fs::is_regular_file(options_.webRoot / "index.html", ec))
            throw std::runtime_error(options_.webRoot.string() + " has no index.html");
        configure();
        addRoutes();
    }

    int bind() {
        const int port =
            options_.port == 0
                ? http_->bind_to_any_port(options_.host)
                : (http_->bind_to_port(options_.host, options_.port) ? options_.port : -1);
        if (port < 0)
            throw std::runtime_error(
                fmt::format("cannot listen on {}:{} (in use, or not an "
                            "address of this machine)",
                            options_.host, options_.port));
        return port;
    }
    // httplib's stop() ends a listen that has begun and does nothing before it (cpp-httplib
    // issue 1371): a Ctrl-C just after the address is printed left run() serving for ever. So
    // run() does not listen once a stop has been asked, and stop() waits for a run() that has
    // begun to be listening (or to have ended) before stopping it. Sequentially consistent
    // atomics: either stop() sees the run begun, or run() sees the stop asked.
    void run() {
        runBegun_ = true;
        if (!stopAsked_) http_->listen_after_bind();
        runEnded_ = true;
    }
    void stop() {
        stopAsked_ = true;
        while (runBegun_ && !runEnded_ && !http_->is_running())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        http_->stop();
    }

private:
    // Cameras followed at once; each holds a few frames of memory.
    static constexpr std::size_t kMaxCameras = 8;

    static std::unique_ptr<httplib::Server> MakeHttpServer(const std::optional<TlsFiles>& tls) {
        if (!tls) return std::make_unique<httplib::Server>();
        auto server =
            std::make_unique<httplib::SSLServer>(tls->certificate.c_str(), tls->key.c_str());
        if (!server->is_valid())
            throw std::runtime_error("cannot use the certificate " + tls->certificate.string() +
                                     " with the key " + tls->key.string() +
                                     " (not PEM files, or not a pair)");
        return server;
    }

    static std::ptrdiff_t ReadSlots(int wanted) {
        const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        return std::clamp<std::ptrdiff_t>(wanted > 0 ? wanted : cores, 1, kMaxSlots);
    }

    void configure() {
        http_->set_payload_max_length(
            static_cast<std::size_t>(options_.reader.limits.maxFileBytes));
        http_->set_read_timeout(options_.ioTimeoutSeconds, 0);
        http_->set_write_timeout(options_.ioTimeoutSeconds, 0);
        // Small answers go out at once: with Nagle's algorithm a browser's delayed ACK held some
        // for 40 ms (the play actions' 95th percentile was 50-60 ms).
        http_->set_tcp_nodelay(true);
        // Idle keep-alive connections hold a worker thread: let them go soon.
        http_->set_keep_alive_timeout(2);
        // httplib's default also sets SO_REUSEPORT, which lets a second server bind a port that
        // one is listening on and share its requests; a port in use must be refused instead.
        http_->set_socket_options([](socket_t sock) {
            const int yes = 1;
            ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
        });
        if (!http_->set_mount_point("/", options_.webRoot.string()))
            throw std::runtime_error(options_.webRoot.string() + " is not a folder");
        http_->set_post_routing_handler([](const httplib::Request&, httplib::Response& res) {
            res.set_header("Content-Security-Policy", kContentSecurityPolicy);
            res.set_header("X-Content-Type-Options", "nosniff");
            res.set_header("Cache-Control", "no-cache");
        });
        // Errors httplib answers itself (404, 413, 400 for a broken request) get a sentence too.
        http_->set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
            if (!res.body.empty()) return;
            SendError(res, res.status, errorSentence(req, res.status));
        });
        http_->set_exception_handler(
            [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
                SendError(res, 500, "internal error");
            });
    }

    std::string errorSentence(const httplib::Request& req, int status) const {
        if (status == 404) return "not found: " + req.path;
        if (status == 413 &&
            req.get_header_value("Content-Type") == "application/x-www-form-urlencoded")
            return "send the photo as the body itself (Content-Type image/jpeg or "
                   "application/octet-stream), not as a form";
        if (status == 413)
            return fmt::format("the upload is larger than the limit of {:.0f} MB (--max-file-mb)",
                               static_cast<double>(options_.reader.limits.maxFileBytes) / 1e6);
        if (status == 405) return "method not allowed: use POST for the API";
        return fmt::format("the request could not be answered ({})", status);
    }

    void post(const std::string& path, std::function<OrderedJson(const httplib::Request&)> make) {
        http_->Post(path,
                    [make = std::move(make)](const httplib::Request& req, httplib::Response& res) {
                        Answer(res, [&] { return make(req); });
                    });
    }

    void addRoutes() {
        post("/api/read", [this](const httplib::Request& req) { return readPhoto(req); });
        post("/api/frame", [this](const httplib::Request& req) { return cameraFrame(req); });
        post("/api/frame/close", [this](const httplib::Request& req) {
            return OrderedJson{{"closed", cameras_.close(req.get_param_value("session"))}};
        });
        post("/api/game",
             [](const httplib::Request& req) { return GameStateJson(ReplayGame(ParseBody(req))); });
        post("/api/hint",
             [](const httplib::Request& req) { return GameHintJson(ReplayGame(ParseBody(req))); });
        post("/api/parse", [](const httplib::Request& req) { return ParseAnswer(ParseBody(req)); });
        post("/api/solve", [](const httplib::Request& req) {
            const json request = ParseBody(req);
            return SolveJson(RequestPuzzle(request, "puzzle"),
                             OptionalField(request, "steps", false));
        });
        post("/api/grade", [](const httplib::Request& req) {
            return GradeJson(RequestPuzzle(ParseBody(req), "puzzle"));
        });
        post("/api/generate", [this](const httplib::Request& req) {
            const json request = ParseBody(req);
            const SlotGuard slot(readSlots_);
            return GenerateAnswer(request);
        });
    }

    OrderedJson readPhoto(const httplib::Request& req) {
        sudoku::ReaderOptions options = options_.reader;
        options.variant = PhotoVariant(req);
        options.size = PhotoSize(req, options.variant);
        const std::string name =
            req.has_header("X-Filename") ? req.get_header_value("X-Filename") : "upload";
        const SlotGuard slot(readSlots_);
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(req.body.data());
        const sudoku::Reading reading =
            sudoku::ReadSudoku(std::span<const std::uint8_t>(bytes, req.body.size()), options);
        if (reading.status == sudoku::ReadStatus::Error)
            throw ApiError(400,
                           reading.message.empty() ? "the photo cannot be read" : reading.message);
        return ReadingAnswer(name, reading);
    }

    // One frame of a page's camera: the grid followed in it and, once read, the board.
    OrderedJson cameraFrame(const httplib::Request& req) {
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(req.body.data());
        sudoku::DecodedImage frame = sudoku::DecodeImage(
            std::span<const std::uint8_t>(bytes, req.body.size()), options_.reader.limits);
        if (!frame) throw ApiError(400, frame.error);
        if (std::min(frame.image.cols, frame.image.rows) < sudoku::kMinPhotoSide)
            throw ApiError(400, sudoku::TooSmallMessage(frame.image.size()));
        LiveSessions::Kind kind;
        kind.variant = PhotoVariant(req);
        kind.size = PhotoSize(req, kind.variant);
        const SlotGuard slot(readSlots_);
        return cameras_.process(req.get_param_value("session"), kind, frame.image);
    }

    PageServerOptions options_;
    Slots readSlots_;
    std::unique_ptr<httplib::Server> http_;
    LiveSessions cameras_;
    std::atomic<bool> stopAsked_ = false;
    std::atomic<bool> runBegun_ = false;
    std::atomic<bool> runEnded_ = false;
};

PageServer::PageServer(PageServerOptions options)
    : impl_(std::make_unique<Impl>(std::move(options))) {}
PageServer::~PageServer() = default;
int PageServer::bind() {
    return impl_->bind();
}
void PageServer::run() {
    impl_->run();
}
void PageServer::stop() {
    impl_->stop();
}

}  // namespace sudokucam
