// The page's server over a real socket: started on a free port inside the test, called with
// httplib::Client, each route with good and bad input. Every answer about a photo or a puzzle
// must equal what the command line prints for it (run as a program).

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "app/PageServer.h"
#include "app/TlsCertificate.h"
#include "solver/FastSolver9.h"
#include "solver/Generator.h"
#include "tests/ProgramRun.h"
#include "tests/TestFiles.h"
#include "vision/drawing/Render.h"

namespace sudokucam {
namespace {

using nlohmann::json;
using namespace sudoku;  // the test helpers (ProgramRun.h, TestFiles.h)
namespace fs = std::filesystem;

const std::string kSamplePhoto = SUDOKU_SOURCE_DIR "/samples/newspaper.jpg";
// samples/newspaper.jpg's printed digits, as `sudokucam read` gives them.
const std::string kSampleGivens =
    "..48.9....3..4....8...7.1..9..7.3..6.53.9.74.2..4.6..1..5.6...3....8..2....3.56..";

const std::string kSampleWithATypo =
    "Q.48.9....3..4....8...7.1..9..7.3..6.53.9.74.2..4.6..1..5.6...3....8..2....3.56..";

// A page folder of its own: index.html and one script, so the test does not depend on web/.
fs::path TestWebRoot() {
    const fs::path root = FreshDir("server-test-web");
    WriteText(root / "index.html", "<!doctype html><title>sudokucam</title>");
    fs::create_directories(root / "js");
    WriteText(root / "js" / "main.js", "export const x = 1;\n");
    return root;
}

// A server on a free port for the length of a test.
class RunningServer {
public:
    explicit RunningServer(PageServerOptions options = {}) {
        options.port = 0;
        if (options.webRoot.empty()) options.webRoot = TestWebRoot();
        server_ = std::make_unique<PageServer>(std::move(options));
        port_ = server_->bind();
        thread_ = std::thread([this] { server_->run(); });
    }
    ~RunningServer() {
        server_->stop();
        thread_.join();
    }
    int port() const { return port_; }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(60, 0);
        return c;
    }

private:
    std::unique_ptr<PageServer> server_;
    int port_ = 0;
    std::thread thread_;
};

// Starts PageServer::run() on a thread of its own with stop() asked before the thread begins
// (stopFirst) or while it begins; says whether run() ended within ten seconds. A run left serving
// is stopped again until it ends, so that a failing test still ends.
bool RunEndsOnAStopAskedAtItsStart(bool stopFirst) {
    PageServerOptions options;
    options.port = 0;
    options.webRoot = TestWebRoot();
    PageServer server(options);
    server.bind();
    if (stopFirst) server.stop();
    std::future<void> run = std::async(std::launch::async, [&server] { server.run(); });
    if (!stopFirst) server.stop();
    const bool ended = run.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
    while (run.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready)
        server.stop();
    return ended;
}

// A Ctrl-C just after `sudokucam serve` prints its address stops the server before it has begun
// to listen; that stop must still end it (it once left the server serving for ever in CI).
TEST(PageServerStop, EndsARunThatHadNotBegun) {
    EXPECT_TRUE(RunEndsOnAStopAskedAtItsStart(true));
    for (int i = 0; i < 20; ++i)
        EXPECT_TRUE(RunEndsOnAStopAskedAtItsStart(false)) << "attempt " << i;
}

json ParseOrNull(const std::string& text) {
    try {
        return json::parse(text);
    } catch (const json::parse_error&) {
        return nullptr;
    }
}

// The answer's "error" sentence, or "" when it has none.
std::string ErrorOf(const json& body) {
    const auto it = body.find("error");
    return it != body.end() && it->is_string() ? it->get<std::string>() : std::string();
}

struct JsonAnswer {
    int status = 0;
    json body;
};

JsonAnswer PostJson(const RunningServer& server, const std::string& path, const std::string& body) {
    auto res = server.client().Post(path, body, "application/json");
    if (!res) return {-1, json()};
    return {res->status, ParseOrNull(res->body)};
}

JsonAnswer PostPhoto(const RunningServer& server, const std::string& bytes,
                     const std::string& query = "") {
    auto res = server.client().Post("/api/read" + query, bytes, "image/jpeg");
    if (!res) return {-1, json()};
    return {res->status, ParseOrNull(res->body)};
}

json CommandJson(const std::string& arguments) {
    const ProgramRun run = RunProgram(arguments, ErrorOutput::Dropped);
    return ParseOrNull(run.out);
}

json Without(json object, std::initializer_list<const char*> keys) {
    for (const char* key : keys)
        object.erase(key);
    return object;
}

TEST(Server, ServesThePageAndNothingOutsideIt) {
    const RunningServer server;
    auto page = server.client().Get("/");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    EXPECT_NE(page->body.find("<title>sudokucam</title>"), std::string::npos);
    EXPECT_EQ(page->get_header_value("Content-Type"), "text/html");
    // Nothing from another site may run in the page.
    EXPECT_NE(page->get_header_value("Content-Security-Policy").find("default-src 'self'"),
              std::string::npos);
    auto script = server.client().Get("/js/main.js");
    ASSERT_TRUE(script);
    EXPECT_EQ(script->get_header_value("Content-Type"), "text/javascript");
    for (const char* outside : {"/../CMakeLists.txt", "/js/../../server-test-web/index.html",
                                "/%2e%2e/CMakeLists.txt", "/etc/passwd"}) {
        auto res = server.client().Get(outside);
        ASSERT_TRUE(res) << outside;
        EXPECT_EQ(res->status, 404) << outside;
        EXPECT_TRUE(ParseOrNull(res->body).contains("error")) << outside;
    }
}

TEST(Server, ReadsAPhotoAsTheCommandLineDoes) {
    const RunningServer server;
    const JsonAnswer answer = PostPhoto(server, ReadText(kSamplePhoto));
    ASSERT_EQ(answer.status, 200) << answer.body.dump();
    EXPECT_EQ(answer.body["status"], "solved");
    EXPECT_EQ(answer.body["givens"], kSampleGivens);
    const json command = CommandJson("read --json " + Quote(kSamplePhoto));
    ASSERT_TRUE(command.is_object());
    EXPECT_EQ(Without(answer.body, {"millis", "file"}), Without(command, {"millis", "file"}));
}

// An iPhone's HEIC, as the page sends it (the browser cannot show it; the server reads it), and
// one cut short.
TEST(Server, ReadsAHeicPhotoAsTheCommandLineDoes) {
    const std::string heic = SUDOKU_SOURCE_DIR "/tests/data/newspaper-rotated.heic";
    const RunningServer server;
    auto res = server.client().Post("/api/read", ReadText(heic), "image/heic");
    ASSERT_TRUE(res);
    ASSERT_EQ(res->status, 200) << res->body;
    const json answer = ParseOrNull(res->body);
    EXPECT_EQ(answer["status"], "solved");
    EXPECT_EQ(answer["givens"], kSampleGivens);
    const json command = CommandJson("read --json " + Quote(heic));
    ASSERT_TRUE(command.is_object());
    EXPECT_EQ(Without(answer, {"millis", "file"}), Without(command, {"millis", "file"}));
    const JsonAnswer cut = PostPhoto(server, ReadText(heic).substr(0, 40'000));
    EXPECT_EQ(cut.status, 400);
    EXPECT_NE(ErrorOf(cut.body).find("HEIF image is damaged or cut short"), std::string::npos)
        << cut.body.dump();
}

TEST(Server, RefusesWhatIsNoPhotoWithAMessage) {
    const RunningServer server;
    const JsonAnswer text = PostPhoto(server, "this is no photo");
    EXPECT_EQ(text.status, 400);
    EXPECT_NE(ErrorOf(text.body).find("unsupported format"), std::string::npos) << text.body.dump();
    const std::string photo = ReadText(kSamplePhoto);
    const JsonAnswer truncated = PostPhoto(server, photo.substr(0, photo.size() / 3));
    EXPECT_TRUE(truncated.status == 400 || truncated.body["status"] != "solved")
        << truncated.body.dump();
    EXPECT_EQ(PostPhoto(server, "").status, 400);
    const JsonAnswer badSize = PostPhoto(server, photo, "?size=7");
    EXPECT_EQ(badSize.status, 400);
    EXPECT_NE(ErrorOf(badSize.body).find("size '7'"), std::string::npos);
    // A form post is refused by its size before the photo is looked at, with a sentence that
    // says how to send a photo.
    auto form = server.client().Post("/api/read", photo, "application/x-www-form-urlencoded");
    ASSERT_TRUE(form);
    EXPECT_EQ(form->status, 413);
    EXPECT_NE(form->body.find("Content-Type image/jpeg"), std::string::npos);
}

// A jigsaw photo read on the page's route as `read --variant jigsaw` reads it: its regions from
// the thick lines, the same answer as the command; 13x13 only as a jigsaw.
TEST(Server, ReadsAJigsawPhotoWithItsVariant) {
    const fs::path dir = FreshDir("server-jigsaw");
    const fs::path photo = dir / "jigsaw.jpg";
    ASSERT_EQ(RunProgram("render --variant jigsaw --seed 3 --perspective -o " + photo.string(),
                         ErrorOutput::Dropped)
                  .code,
              0);
    const RunningServer server;
    const JsonAnswer read = PostPhoto(server, ReadText(photo), "?variant=jigsaw");
    ASSERT_EQ(read.status, 200) << read.body.dump();
    EXPECT_EQ(read.body["variant"], "jigsaw");
    EXPECT_EQ(read.body["status"], "solved");
    const json command = CommandJson("read --json --variant jigsaw " + photo.string());
    EXPECT_EQ(read.body["regions"], command["regions"]);
    EXPECT_EQ(read.body["solution"], command["solution"]);
    const JsonAnswer classic13 = PostPhoto(server, ReadText(photo), "?size=13");
    EXPECT_EQ(classic13.status, 400);
    EXPECT_NE(ErrorOf(classic13.body).find("no rectangular boxes"), std::string::npos)
        << classic13.body.dump();
    EXPECT_EQ(PostPhoto(server, ReadText(photo), "?variant=zigzag").status, 400);
    fs::remove_all(dir);
}

TEST(Server, RefusesAnUploadOverTheLimitBeforeReadingIt) {
    PageServerOptions options;
    options.reader.limits.maxFileBytes = 10'000;
    const RunningServer server(options);
    const JsonAnswer answer = PostPhoto(server, ReadText(kSamplePhoto));
    EXPECT_EQ(answer.status, 413);
    EXPECT_NE(ErrorOf(answer.body).find("limit"), std::string::npos);
    // The server goes on answering.
    EXPECT_EQ(PostJson(server, "/api/solve", R"({"puzzle": ")" + kSampleGivens + "\"}").status,
              200);
}

// A photo large enough that reading it takes a while, so a second one arrives meanwhile.
std::string SlowPhoto() {
    cv::Mat photo = cv::imread(kSamplePhoto);
    cv::resize(photo, photo, {}, 5, 5, cv::INTER_LINEAR);
    std::vector<std::uint8_t> png;
    cv::imencode(".png", photo, png);
    return {png.begin(), png.end()};
}

TEST(Server, AnswersBusyInsteadOfQueueingPhotos) {
    PageServerOptions options;
    options.maxConcurrentReads = 1;
    const RunningServer server(options);
    const std::string photo = SlowPhoto();
    auto first = std::async(std::launch::async, [&] { return PostPhoto(server, photo); });
    // Small photos keep arriving while the large one is uploaded and read: whichever finds the
    // only reading slot taken is told to retry instead of waiting (under a sanitizer a small one
    // may hold the slot when the large one arrives).
    const std::string small = ReadText(kSamplePhoto);
    int busy = 0;
    while (busy == 0 &&
           first.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
        auto res = server.client().Post("/api/read", small, "image/jpeg");
        ASSERT_TRUE(res);
        if (res->status != 503) {
            EXPECT_EQ(res->status, 200) << res->body;  // it came before the large one
            continue;
        }
        ++busy;
        EXPECT_EQ(res->get_header_value("Retry-After"), "1");
        EXPECT_NE(res->body.find("busy"), std::string::npos);
    }
    const int firstStatus = first.get().status;
    EXPECT_TRUE(firstStatus == 200 || firstStatus == 503) << firstStatus;
    EXPECT_GE(busy + (firstStatus == 503), 1) << "no photo was told the server is busy";
    // Once the slot is free, photos are read again.
    EXPECT_EQ(PostPhoto(server, ReadText(kSamplePhoto)).body["givens"], kSampleGivens);
}

TEST(Server, DropsAStalledClientAndGoesOn) {
    PageServerOptions options;
    options.ioTimeoutSeconds = 1;
    const RunningServer server(options);
    // A client that sends half a request and then nothing.
    httplib::Client stalled("127.0.0.1", server.port());
    const auto start = std::chrono::steady_clock::now();
    auto res = server.client().Post(
        "/api/solve", httplib::Headers{}, 1000,
        [](std::size_t, std::size_t, httplib::DataSink& sink) {
            sink.write("{\"puzzle\":", 10);
            std::this_thread::sleep_for(std::chrono::seconds(3));
            return false;
        },
        "application/json");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_TRUE(!res || res->status >= 400);
    EXPECT_LT(seconds, 10);
    EXPECT_EQ(PostJson(server, "/api/solve", R"({"puzzle": ")" + kSampleGivens + "\"}").status,
              200);
}

json Game(const std::string& clues, const json& moves = json::array(), int position = -1) {
    json game = {{"size", 9}, {"clues", clues}, {"moves", moves}};
    if (position >= 0) game["position"] = position;
    return game;
}

// The solution of the sample's clues, from the command line.
std::string SampleSolution() {
    const ProgramRun run = RunProgram("solve --line " + kSampleGivens, ErrorOutput::Dropped);
    return run.out.substr(0, run.out.find('\n'));
}

int FirstEmpty(const std::string& clues) {
    return static_cast<int>(clues.find('.'));
}

TEST(Server, ReplaysAGameWithUndoAndRedo) {
    const RunningServer server;
    const std::string solution = SampleSolution();
    const int cell = FirstEmpty(kSampleGivens);
    const int right = solution[cell] - '0';
    const json moves = {{"enter", cell, right}, {"erase", cell}, {"enter", cell, right}};
    const JsonAnswer all = PostJson(server, "/api/game", Game(kSampleGivens, moves).dump());
    ASSERT_EQ(all.status, 200) << all.body.dump();
    EXPECT_EQ(all.body["cells"][cell]["digit"], right);
    EXPECT_EQ(all.body["cells"][cell]["origin"], "yours");
    EXPECT_EQ(all.body["cells"][2]["origin"], "clue");
    EXPECT_EQ(all.body["status"], "solved");
    EXPECT_TRUE(all.body["canUndo"]);
    EXPECT_FALSE(all.body["canRedo"]);
    EXPECT_EQ(all.body["history"].size(), 3u);
    // Two moves undone: the cell is empty, with its candidates, and both can be redone.
    const JsonAnswer undone = PostJson(server, "/api/game", Game(kSampleGivens, moves, 1).dump());
    ASSERT_EQ(undone.status, 200);
    EXPECT_EQ(undone.body["cells"][cell]["digit"], right);
    const JsonAnswer start = PostJson(server, "/api/game", Game(kSampleGivens, moves, 0).dump());
    EXPECT_EQ(start.body["cells"][cell]["origin"], "empty");
    EXPECT_NE(std::find(start.body["cells"][cell]["candidates"].begin(),
                        start.body["cells"][cell]["candidates"].end(), right),
              start.body["cells"][cell]["candidates"].end());
    EXPECT_TRUE(start.body["canRedo"]);
    EXPECT_FALSE(start.body["canUndo"]);
}

TEST(Server, MarksWrongEntriesRefusesBadMovesAndCongratulates) {
    const RunningServer server;
    const std::string solution = SampleSolution();
    const int cell = FirstEmpty(kSampleGivens);
    const JsonAnswer fresh = PostJson(server, "/api/game", Game(kSampleGivens).dump());
    int wrong = 0;  // a candidate of the cell that is not the solution's digit
    for (const json& d : fresh.body["cells"][cell]["candidates"])
        if (d.get<int>() != solution[cell] - '0') wrong = d.get<int>();
    ASSERT_GT(wrong, 0);
    const json moves = {{"enter", cell, wrong}, {"enter", 2, 1}};  // cell 2 holds a clue
    const JsonAnswer answer = PostJson(server, "/api/game", Game(kSampleGivens, moves).dump());
    ASSERT_EQ(answer.status, 200);
    EXPECT_EQ(answer.body["wrong"], json::array({cell}));
    EXPECT_EQ(answer.body["refused"], json::array({1}));
    const JsonAnswer hint = PostJson(server, "/api/hint", Game(kSampleGivens, moves).dump());
    EXPECT_EQ(hint.body["hint"], "wrong");
    EXPECT_EQ(hint.body["cells"][0]["index"], cell);
    // Solve replaces the wrong digit; the grid is complete and right.
    const json solved = {{"enter", cell, wrong}, {"solve"}};
    const JsonAnswer done = PostJson(server, "/api/game", Game(kSampleGivens, solved).dump());
    EXPECT_TRUE(done.body["solved"]);
    EXPECT_TRUE(done.body["wrong"].empty());
    EXPECT_EQ(done.body["cells"][cell]["origin"], "filled");
}

TEST(Server, GivesTheCommandLinesHint) {
    const RunningServer server;
    const JsonAnswer hint = PostJson(server, "/api/hint", Game(kSampleGivens).dump());
    ASSERT_EQ(hint.status, 200);
    const json command = CommandJson("hint --json " + kSampleGivens);
    EXPECT_EQ(hint.body["hint"], command["hint"]);
    EXPECT_EQ(hint.body["step"], command["step"]);
    // Applying it as a move changes the board as the step says.
    const JsonAnswer applied =
        PostJson(server, "/api/game", Game(kSampleGivens, json::array({{"step"}})).dump());
    for (const json& p : command["step"]["placements"])
        EXPECT_EQ(applied.body["cells"][p["index"].get<int>()]["digit"], p["digit"]);
}

TEST(Server, ExplainsWhyAGameRequestIsRefused) {
    const RunningServer server;
    const std::string clues = kSampleGivens;
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{not json", "malformed JSON"},
        {"[1, 2]", "JSON object"},
        {R"({"size": 7, "clues": ""})", "size 7"},
        {R"({"size": 9})", "'clues' is missing"},
        {R"({"size": 9, "clues": "123"})", "has 3 characters"},
        {json{{"size", 9}, {"clues", kSampleWithATypo}}.dump(), "'Q'"},
        {Game(clues, json::array({json::array({"jump", 1})})).dump(), "'jump' is not a move"},
        {Game(clues, json::array({json::array({"enter", 81, 1})})).dump(), "outside the grid"},
        {Game(clues, json::array({json::array({"enter", 0, 10})})).dump(), "not one of 1-9"},
        {Game(clues, json::array({json::array({"enter"})})).dump(), "lacks its cell"},
        {Game(clues, json::array({{"enter", 0, 1}}), 5).dump(), "'position' 5"},
        {json{{"size", 9}, {"clues", clues}, {"entries", clues}}.dump(), "already holds a clue"},
    };
    for (const auto& [body, expected] : cases) {
        for (const char* route : {"/api/game", "/api/hint"}) {
            const JsonAnswer answer = PostJson(server, route, body);
            EXPECT_EQ(answer.status, 400) << route << " " << body;
            EXPECT_NE(ErrorOf(answer.body).find(expected), std::string::npos)
                << route << " " << body << " -> " << answer.body.dump();
        }
    }
}

TEST(Server, PuzzleRoutesAnswerAsTheCommandLine) {
    const RunningServer server;
    const json puzzle = {{"puzzle", kSampleGivens}};
    const JsonAnswer solve = PostJson(server, "/api/solve", puzzle.dump());
    ASSERT_EQ(solve.status, 200);
    EXPECT_EQ(Without(solve.body, {"input"}),
              Without(CommandJson("solve --json " + kSampleGivens), {"input"}));
    const JsonAnswer grade = PostJson(server, "/api/grade", puzzle.dump());
    ASSERT_EQ(grade.status, 200);
    EXPECT_EQ(Without(grade.body, {"input"}),
              Without(CommandJson("grade --json " + kSampleGivens), {"input"}));
    const JsonAnswer generated =
        PostJson(server, "/api/generate",
                 R"({"size": 9, "difficulty": "hard", "symmetry": "rotate180", "seed": 7})");
    ASSERT_EQ(generated.status, 200) << generated.body.dump();
    EXPECT_EQ(generated.body, CommandJson("generate --json --difficulty hard --symmetry rotate180 "
                                          "--seed 7 --time-limit 10"));
    // Any text form: a bracket puzzle keeps the person's digits apart from the clues.
    const JsonAnswer parsed = PostJson(
        server, "/api/parse", json{{"text", "[1] 2 x x\nx x [1] x\nx x x x\nx x x x\n"}}.dump());
    ASSERT_EQ(parsed.status, 200) << parsed.body.dump();
    EXPECT_EQ(parsed.body["size"], 4);
    EXPECT_EQ(parsed.body["clues"], "1.....1.........");
    EXPECT_EQ(parsed.body["entries"], ".2..............");
    EXPECT_EQ(parsed.body["format"], "bracket");
}

TEST(Server, PuzzleRoutesNameWhatIsWrong) {
    const RunningServer server;
    const JsonAnswer typo = PostJson(server, "/api/parse", R"({"text": "12345678Q"})");
    EXPECT_EQ(typo.status, 400);
    EXPECT_NE(ErrorOf(typo.body).find("line 1"), std::string::npos) << typo.body.dump();
    EXPECT_EQ(PostJson(server, "/api/solve", R"({"puzzle": 5})").status, 400);
    EXPECT_EQ(PostJson(server, "/api/grade", R"({})").status, 400);
    EXPECT_EQ(PostJson(server, "/api/generate", R"({"size": 7})").status, 400);
    EXPECT_EQ(PostJson(server, "/api/generate", R"({"difficulty": "brutal"})").status, 400);
    EXPECT_EQ(PostJson(server, "/api/generate", R"({"symmetry": "spiral"})").status, 400);
    EXPECT_EQ(PostJson(server, "/api/generate", R"({"size": "nine"})").status, 400);
    const JsonAnswer notFound = PostJson(server, "/api/nothing", "{}");
    EXPECT_EQ(notFound.status, 404);
    EXPECT_EQ(notFound.body["error"], "not found: /api/nothing");
}

// ---- variants: a jigsaw's regions, an X Sudoku's diagonals -------------------------------

// A generated puzzle of a variant, as the command line prints it (its regions for a jigsaw).
json GeneratedVariant(const std::string& variant, int seed) {
    return CommandJson(
        fmt::format("generate --json --variant {} --seed {} --time-limit 10", variant, seed));
}

json VariantGame(const json& generated, const json& moves = json::array()) {
    json game = {{"size", generated["size"]},
                 {"variant", generated["variant"]},
                 {"clues", generated["puzzle"]},
                 {"moves", moves}};
    if (generated.contains("regions")) game["regions"] = generated["regions"];
    return game;
}

// An empty cell and a clue's digit that only the unit `sameUnit` keeps out of it: the clue is
// in that unit with the cell but in neither its row nor its column, and no clue of its row or
// column holds the digit. {-1, 0} when the puzzle has none.
std::pair<int, int> BlockedOnlyBy(const std::string& clues, int size,
                                  const std::function<bool(int, int)>& sameUnit) {
    const auto inLine = [&](int cell, char digit) {
        for (int i = 0; i < size; ++i)
            if (clues[cell / size * size + i] == digit || clues[i * size + cell % size] == digit)
                return true;
        return false;
    };
    for (int cell = 0; cell < size * size; ++cell) {
        if (clues[cell] != '.') continue;
        for (int other = 0; other < size * size; ++other)
            if (clues[other] != '.' && other / size != cell / size && other % size != cell % size &&
                sameUnit(cell, other) && !inLine(cell, clues[other]))
                return {cell, clues[other] - '0'};
    }
    return {-1, 0};
}

bool HasWarning(const json& answer, const std::string& kind, const std::string& words) {
    for (const json& w : answer["warnings"])
        if (w["kind"] == kind && w["message"].get<std::string>().find(words) != std::string::npos)
            return true;
    return false;
}

TEST(ServerVariants, PlaysAJigsawOnItsRegions) {
    const RunningServer server;
    const JsonAnswer generated =
        PostJson(server, "/api/generate", R"({"variant": "jigsaw", "seed": 3})");
    ASSERT_EQ(generated.status, 200) << generated.body.dump();
    EXPECT_EQ(generated.body, GeneratedVariant("jigsaw", 3));
    const std::string clues = generated.body["puzzle"];
    const std::string regions = generated.body["regions"];
    ASSERT_EQ(regions.size(), 81u);

    const JsonAnswer fresh = PostJson(server, "/api/game", VariantGame(generated.body).dump());
    ASSERT_EQ(fresh.status, 200) << fresh.body.dump();
    EXPECT_EQ(fresh.body["status"], "solved");
    // The hint is the command line's, on the same regions.
    const JsonAnswer hint = PostJson(server, "/api/hint", VariantGame(generated.body).dump());
    const json command = CommandJson("hint --json " + Quote(clues + " " + regions));
    EXPECT_EQ(hint.body["step"], command["step"]);

    // A digit its region already holds is refused; given among the entries it is warned.
    const auto [cell, digit] = BlockedOnlyBy(clues, 9, [&](int a, int b) {
        return regions[static_cast<std::size_t>(a)] == regions[static_cast<std::size_t>(b)];
    });
    ASSERT_GE(cell, 0);
    const JsonAnswer refused =
        PostJson(server, "/api/game",
                 VariantGame(generated.body, json::array({{"enter", cell, digit}})).dump());
    EXPECT_EQ(refused.body["refused"], json::array({0}));
    json withEntry = VariantGame(generated.body);
    withEntry["entries"] =
        std::string(81, '.').replace(static_cast<std::size_t>(cell), 1, std::to_string(digit));
    const JsonAnswer warned = PostJson(server, "/api/game", withEntry.dump());
    ASSERT_EQ(warned.status, 200) << warned.body.dump();
    EXPECT_TRUE(HasWarning(warned.body, "duplicate",
                           fmt::format("Region {} has two {}s", regions[cell], digit)))
        << warned.body["warnings"].dump();

    // Fill singles, solve and undo replay on the regions as on boxes.
    json played = VariantGame(generated.body, json::array({{"singles"}, {"solve"}}));
    const JsonAnswer solved = PostJson(server, "/api/game", played.dump());
    EXPECT_TRUE(solved.body["solved"]);
    EXPECT_EQ(solved.body["refused"], json::array());
    played["position"] = 1;
    const JsonAnswer undone = PostJson(server, "/api/game", played.dump());
    EXPECT_FALSE(undone.body["solved"]);
    EXPECT_TRUE(undone.body["canRedo"]);
}

TEST(ServerVariants, WarnsOfADigitTwiceOnADiagonal) {
    const RunningServer server;
    const JsonAnswer generated =
        PostJson(server, "/api/generate", R"({"variant": "x", "seed": 5})");
    ASSERT_EQ(generated.status, 200) << generated.body.dump();
    EXPECT_EQ(generated.body, GeneratedVariant("x", 5));
    EXPECT_FALSE(generated.body.contains("regions"));
    const std::string clues = generated.body["puzzle"];
    const auto boxOf = [](int cell) { return cell / 27 * 3 + cell % 9 / 3; };
    const auto diagonal = [](int cell) {
        return cell / 9 == cell % 9 ? 1 : cell / 9 + cell % 9 == 8 ? 2 : 0;
    };
    const auto [cell, digit] = BlockedOnlyBy(clues, 9, [&](int a, int b) {
        for (int c = 0; c < 81; ++c)
            if (boxOf(c) == boxOf(a) && clues[static_cast<std::size_t>(c)] == clues[b])
                return false;
        return diagonal(a) != 0 && diagonal(a) == diagonal(b);
    });
    ASSERT_GE(cell, 0) << "no cell that only a diagonal keeps a digit out of";
    const std::string which = diagonal(cell) == 1 ? "The main diagonal" : "The anti-diagonal";
    json game = VariantGame(generated.body, json::array({{"enter", cell, digit}}));
    EXPECT_EQ(PostJson(server, "/api/game", game.dump()).body["refused"], json::array({0}));
    game["moves"] = json::array();
    game["entries"] =
        std::string(81, '.').replace(static_cast<std::size_t>(cell), 1, std::to_string(digit));
    const JsonAnswer warned = PostJson(server, "/api/game", game.dump());
    EXPECT_TRUE(HasWarning(warned.body, "duplicate", which + " has two"))
        << warned.body["warnings"].dump();
    // The same clues without the diagonals: nothing to warn of.
    game.erase("variant");
    EXPECT_FALSE(HasWarning(PostJson(server, "/api/game", game.dump()).body, "duplicate", ""));
}

TEST(ServerVariants, PuzzleRoutesTakeTheVariantAsTheCommandLine) {
    const RunningServer server;
    const json jigsaw = GeneratedVariant("jigsaw", 3);
    const std::string line =
        jigsaw["puzzle"].get<std::string>() + " " + jigsaw["regions"].get<std::string>();
    // The map in the text, or in "regions": the same answers as the command line's.
    const json command = Without(CommandJson("solve --json " + Quote(line)), {"input"});
    for (const json& request : {json{{"puzzle", line}},
                                json{{"puzzle", jigsaw["puzzle"]}, {"regions", jigsaw["regions"]}},
                                json{{"puzzle", line}, {"variant", "jigsaw"}}}) {
        const JsonAnswer solve = PostJson(server, "/api/solve", request.dump());
        ASSERT_EQ(solve.status, 200) << solve.body.dump();
        EXPECT_EQ(Without(solve.body, {"input"}), command);
    }
    const JsonAnswer parsed = PostJson(server, "/api/parse", json{{"text", line}}.dump());
    EXPECT_EQ(parsed.body["variant"], "jigsaw");
    EXPECT_EQ(parsed.body["regions"], jigsaw["regions"]);
    EXPECT_EQ(parsed.body["clues"], jigsaw["puzzle"]);
    // "x" adds the diagonals to a classic text.
    const json x = GeneratedVariant("x", 5);
    const JsonAnswer grade =
        PostJson(server, "/api/grade", json{{"puzzle", x["puzzle"]}, {"variant", "x"}}.dump());
    ASSERT_EQ(grade.status, 200) << grade.body.dump();
    EXPECT_EQ(Without(grade.body, {"input"}),
              Without(CommandJson("grade --json --diagonals " + x["puzzle"].get<std::string>()),
                      {"input"}));
    const JsonAnswer xParsed =
        PostJson(server, "/api/parse", json{{"text", x["puzzle"]}, {"variant", "x"}}.dump());
    EXPECT_EQ(xParsed.body["variant"], "x");
}

TEST(ServerVariants, RefusesABadVariantOrRegionMapWithItsProblem) {
    const RunningServer server;
    const json jigsaw = GeneratedVariant("jigsaw", 3);
    const std::string clues = jigsaw["puzzle"];
    const std::string regions = jigsaw["regions"];
    std::string split =
        regions;  // its first cell given to another region: one too few, one too many
    split[0] = split[0] == 'A' ? 'B' : 'A';
    const auto game = [&](json fields) {
        json request = {{"size", 9}, {"clues", clues}};
        request.update(fields);
        return request.dump();
    };
    const std::vector<std::pair<std::string, std::string>> cases = {
        {game({{"variant", "zigzag"}}), "'variant' \"zigzag\" is not"},
        {game({{"variant", 3}}), "'variant' 3 is not"},
        {game({{"variant", "jigsaw"}}), "a jigsaw needs its region map"},
        {game({{"variant", "classic"}, {"regions", regions}}), "not a classic Sudoku"},
        {game({{"regions", regions.substr(1)}}), "'regions' has 80 letters"},
        {game({{"regions", split}}), "'regions' at r1c"},
        {game({{"regions", split}}), "cells, not 9"},
        {game({{"regions", std::string(81, '.')}}), "not a region letter"},
        {game({{"regions", 5}}), "'regions' must be a string"},
        {json{{"size", 7}, {"variant", "x"}, {"clues", std::string(49, '.')}}.dump(),
         "size 7 is not a grid sudokucam plays with boxes"},
    };
    for (const auto& [body, expected] : cases)
        for (const char* route : {"/api/game", "/api/hint"}) {
            const JsonAnswer answer = PostJson(server, route, body);
            EXPECT_EQ(answer.status, 400) << route << " " << body;
            EXPECT_NE(ErrorOf(answer.body).find(expected), std::string::npos)
                << route << " " << body << " -> " << answer.body.dump();
        }
    for (const char* route : {"/api/parse", "/api/solve", "/api/grade"}) {
        const char* field = std::string_view(route) == "/api/parse" ? "text" : "puzzle";
        const JsonAnswer bad =
            PostJson(server, route, json{{field, clues}, {"regions", split}}.dump());
        EXPECT_EQ(bad.status, 400) << route;
        EXPECT_NE(ErrorOf(bad.body).find("cells, not 9"), std::string::npos) << bad.body.dump();
        const JsonAnswer none =
            PostJson(server, route, json{{field, clues}, {"variant", "jigsaw"}}.dump());
        EXPECT_NE(ErrorOf(none.body).find("region map"), std::string::npos) << none.body.dump();
    }
    const JsonAnswer generate =
        PostJson(server, "/api/generate", json{{"variant", "jigsaw"}, {"regions", split}}.dump());
    EXPECT_EQ(generate.status, 400);
    EXPECT_NE(ErrorOf(generate.body).find("cells, not 9"), std::string::npos)
        << generate.body.dump();
    EXPECT_EQ(PostJson(server, "/api/generate", R"({"variant": "x", "size": 7})").status, 400);
    EXPECT_EQ(PostJson(server, "/api/generate", R"({"variant": "jigsaw", "size": 17})").status,
              400);
    // A jigsaw takes a size with no boxes.
    const JsonAnswer seven =
        PostJson(server, "/api/generate", R"({"variant": "jigsaw", "size": 7, "seed": 1})");
    ASSERT_EQ(seven.status, 200) << seven.body.dump();
    EXPECT_EQ(seven.body["regions"].get<std::string>().size(), 49u);
}

JsonAnswer PostFrame(const RunningServer& server, const std::string& session,
                     const std::string& jpeg, const std::string& kind = "") {
    auto res = server.client().Post("/api/frame?session=" + session + kind, jpeg, "image/jpeg");
    if (!res) return {-1, json()};
    return {res->status, ParseOrNull(res->body)};
}

TEST(ServerCamera, FollowsTheGridInAPagesFramesAndReadsItOnce) {
    const RunningServer server;
    const std::string photo = ReadText(kSamplePhoto);
    for (int frame = 0; frame < 3; ++frame) {
        const JsonAnswer answer = PostFrame(server, "page-1", photo);
        ASSERT_EQ(answer.status, 200) << answer.body.dump();
        ASSERT_TRUE(answer.body["overlay"]) << frame;
        EXPECT_EQ(answer.body["reading"]["givens"], kSampleGivens);
        EXPECT_EQ(answer.body["width"], 960);
        // The followed corners stay on the grid the reading found (a few pixels of smoothing).
        for (int i = 0; i < 4; ++i)
            for (int axis = 0; axis < 2; ++axis)
                EXPECT_NEAR(answer.body["grid"][i][axis].get<double>(),
                            answer.body["reading"]["corners"][i][axis].get<double>(), 8)
                    << frame << " corner " << i;
    }
    // Another page's camera is its own session: a blank frame shows it no grid.
    cv::Mat blank(480, 640, CV_8UC3, cv::Scalar::all(235));
    std::vector<std::uint8_t> jpeg;
    cv::imencode(".jpg", blank, jpeg);
    const JsonAnswer empty = PostFrame(server, "page-2", {jpeg.begin(), jpeg.end()});
    ASSERT_EQ(empty.status, 200);
    EXPECT_TRUE(empty.body["grid"].is_null());
    EXPECT_FALSE(empty.body["overlay"]);
    EXPECT_EQ(PostFrame(server, "../etc", photo).status, 400);
    EXPECT_EQ(PostFrame(server, "page-1", "no frame").status, 400);
    auto closed = server.client().Post("/api/frame/close?session=page-1", "", "text/plain");
    ASSERT_TRUE(closed);
    EXPECT_EQ(ParseOrNull(closed->body)["closed"], true);
}

// The page's camera reads the kind of puzzle chosen for photos: an X Sudoku, whose clues alone
// have several solutions, is solved as X, and not as a classic puzzle.
TEST(ServerCamera, ReadsTheKindOfPuzzleChosenForPhotos) {
    sudoku::GeneratorOptions g;
    g.variant = sudoku::Variant::X;
    g.seed = 4;
    g.grade = false;
    const sudoku::Board puzzle = sudoku::Generate(g).puzzle;
    const std::string clues = puzzle.toLine();
    ASSERT_EQ(sudoku::SolveFast9(clues.c_str(), 2, nullptr, nullptr), 2) << "unique as classic";
    const sudoku::Page page = sudoku::RenderPage(puzzle);
    sudoku::PhotoOptions options;
    options.size = {960, 720};
    options.noise = 2;
    std::vector<std::uint8_t> jpeg;
    cv::imencode(
        ".jpg",
        sudoku::PhotographPage(page, sudoku::DefaultPose(page, options.size), options).image, jpeg);
    const std::string frame(jpeg.begin(), jpeg.end());
    const RunningServer server;
    bool drawn = false;
    for (int i = 0; i < 3 && !drawn; ++i) {
        const JsonAnswer classic = PostFrame(server, "cam-1", frame);
        ASSERT_EQ(classic.status, 200) << classic.body.dump();
        EXPECT_FALSE(classic.body["overlay"]) << "an X puzzle solved as a classic one";
        // The same session asked for an X Sudoku starts afresh and reads it as one.
        const JsonAnswer x = PostFrame(server, "cam-1", frame, "&variant=x");
        ASSERT_EQ(x.status, 200) << x.body.dump();
        drawn = x.body["overlay"].get<bool>();
        if (drawn) {
            EXPECT_EQ(x.body["reading"]["variant"], "x");
            EXPECT_EQ(x.body["reading"]["givens"], clues);
        }
    }
    EXPECT_TRUE(drawn);
    EXPECT_EQ(PostFrame(server, "cam-1", frame, "&variant=y").status, 400);
    EXPECT_EQ(PostFrame(server, "cam-1", frame, "&size=7").status, 400);
    EXPECT_EQ(PostFrame(server, "cam-1", frame, "&variant=x&size=13").status, 400);
}

// What a shell command prints on its standard output.
std::string ShellOutput(const std::string& command) {
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), &::pclose);
    std::string out;
    char buffer[256];
    while (pipe && std::fgets(buffer, sizeof buffer, pipe.get()) != nullptr)
        out += buffer;
    return out;
}

TEST(ServerTls, ServesHttpsWithASelfSignedCertificateMadeOnce) {
    const fs::path dir = FreshDir("server-tls");
    const SelfSignedCertificate made = EnsureSelfSignedCertificate(dir, {"192.168.1.20"});
    EXPECT_TRUE(made.created);
    EXPECT_EQ(fs::status(made.files.key).permissions() & fs::perms::others_read, fs::perms::none);
    EXPECT_FALSE(EnsureSelfSignedCertificate(dir, {}).created) << "kept, not made again";
    // The fingerprint printed is the one OpenSSL's own tool gives.
    const std::string fingerprint = CertificateFingerprint(made.files.certificate);
    const std::string openssl = ShellOutput("openssl x509 -noout -fingerprint -sha256 -in " +
                                            Quote(made.files.certificate.string()));
    EXPECT_NE(openssl.find(fingerprint.substr(8)), std::string::npos) << openssl;
    PageServerOptions options;
    options.tls = made.files;
    const RunningServer server(options);
    httplib::SSLClient client("127.0.0.1", server.port());
    client.enable_server_certificate_verification(false);
    auto res =
        client.Post("/api/solve", R"({"puzzle": ")" + kSampleGivens + "\"}", "application/json");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200);
    // A certificate that is no certificate is refused with a sentence.
    WriteText(dir / "bad.pem", "not a certificate");
    PageServerOptions bad;
    bad.tls = TlsFiles{dir / "bad.pem", made.files.key};
    bad.webRoot = TestWebRoot();
    EXPECT_THROW(PageServer{bad}, std::runtime_error);
}

// Runs `sudokucam serve ARGUMENTS` in the background, waits for its address line (a sanitized
// build can take seconds to start), presses Ctrl-C and waits for it to end: a minute at most, then
// it is killed (exit code 137), so that a server Ctrl-C does not end fails the test, not CI's
// clock.
ProgramRun ServeUntilCtrlC(const std::string& arguments) {
    const fs::path out = TempPath("serve.out"), err = TempPath("serve.err");
    const fs::path script = TempPath("serve.sh");
    WriteText(script,
              Cat({SUDOKUCAM_EXE, " serve ", arguments, " > ", Quote(out.string()), " 2> ",
                   Quote(err.string()), " & pid=$!\n",
                   // Waits up to a minute for the address line (or for the server to end) ...
                   "for i in $(seq 600); do grep -q '^open ' ", Quote(out.string()),
                   " && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done\n",
                   // ... then Ctrl-C, and up to a minute for the server to end before it is killed.
                   "kill -INT $pid\n",
                   "for i in $(seq 600); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done\n",
                   "kill -KILL $pid 2>/dev/null; wait $pid; echo $?\n"}));
    ProgramRun run;
    run.code = std::stoi(ShellOutput("sh " + Quote(script.string())));
    run.out = ReadText(out);
    run.err = ReadText(err);
    return run;
}

// `sudokucam serve` as a person runs it: the address first, Ctrl-C ends it cleanly.
TEST(ServeCommand, PrintsTheAddressAndStopsOnCtrlC) {
    const ProgramRun run = ServeUntilCtrlC("--port 0 --web " + Quote(TestWebRoot().string()));
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_TRUE(run.out.starts_with("open http://127.0.0.1:")) << run.out;
    EXPECT_NE(run.err.find("stopped"), std::string::npos) << run.err;
}

TEST(ServeCommand, SaysWhyItCannotStart) {
    const RunningServer taken;
    const ProgramRun busy = RunProgram("serve --port " + std::to_string(taken.port()) + " --web " +
                                       Quote(TestWebRoot().string()));
    EXPECT_EQ(busy.code, 2);
    EXPECT_NE(busy.err.find("cannot listen on 127.0.0.1:" + std::to_string(taken.port())),
              std::string::npos)
        << busy.err;
    const ProgramRun noPage = RunProgram("serve --port 0 --web /nonexistent-sudokucam-web");
    EXPECT_EQ(noPage.code, 2);
    EXPECT_NE(noPage.err.find("no index.html"), std::string::npos) << noPage.err;
    const ProgramRun badPort = RunProgram("serve --port 70000");
    EXPECT_EQ(badPort.code, 2);
}

TEST(ServeCommand, WarnsWhenTheNetworkIsLetIn) {
    const ProgramRun run =
        ServeUntilCtrlC("--host 0.0.0.0 --port 0 --web " + Quote(TestWebRoot().string()));
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_NE(run.err.find("anyone on the network"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace sudokucam
