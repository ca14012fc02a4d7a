// Hostile input at the command line's edges: puzzle text broken in every form it can be written
// in, puzzles that are readable but wrong, and bad arguments to every command. Each must end in
// a clear message and a non-zero exit: never a crash, never a partial output file.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/TextFormat.h"
#include "tests/TestFiles.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

struct Outcome {
    int code = -1;  // the exit status, or -signal when the program was killed by one
    std::string out;
    std::string err;
};

// A fresh folder per test case (CTest runs the cases of this file in parallel processes).
class MalformedInput : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(testing::TempDir()) / ("sudokucam_malformed_" + std::to_string(getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path write(const std::string& name, const std::string& bytes) const {
        const fs::path path = dir_ / name;
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    }

    // Runs the program with exactly these arguments (no shell), standard input empty.
    Outcome run(const std::vector<std::string>& args) const {
        const fs::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
        const pid_t pid = fork();
        if (pid == 0) {
            const int in = open("/dev/null", O_RDONLY);
            const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(in, 0);
            dup2(o, 1);
            dup2(e, 2);
            std::vector<char*> argv{const_cast<char*>(SUDOKUCAM_EXE)};
            for (const std::string& a : args)
                argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            execv(SUDOKUCAM_EXE, argv.data());
            _exit(127);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        Outcome r;
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
        r.out = ReadText(out);
        r.err = ReadText(err);
        return r;
    }

    fs::path dir_;
};

std::string Puzzle(std::size_t index = 0) {
    std::ifstream in(std::string(SUDOKU_SHARED_DIR) + "/puzzles/newspaper_train.txt");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines.at(index);
}

bool IsPrintable(const std::string& text) {
    for (const char c : text)
        if (c != '\n' &&
            (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f))
            return false;
    return true;
}

// Files refused in one run: exit 2, nothing on standard output, and on standard error one
// printable line per file, in order, naming it.
void ExpectRefused(const Outcome& r, const std::vector<fs::path>& files, const std::string& what) {
    EXPECT_EQ(r.code, 2) << what << "\n" << r.err;
    EXPECT_EQ(r.out, "") << what;
    EXPECT_TRUE(IsPrintable(r.err)) << what << "\n" << r.err;
    const std::vector<std::string> lines = Lines(r.err);
    ASSERT_EQ(lines.size(), files.size()) << what << "\n" << r.err;
    for (std::size_t i = 0; i < files.size(); ++i)
        EXPECT_EQ(lines[i].rfind("sudokucam: " + files[i].string() + ": ", 0), 0u) << what << "\n"
                                                                                   << lines[i];
}

std::vector<std::string> Args(std::vector<std::string> args, const std::vector<fs::path>& files) {
    for (const fs::path& file : files)
        args.push_back(file.string());
    return args;
}

struct Form {
    TextFormat format;
    std::string extraCell;  // one more cell written in this form
};

const Form kForms[] = {{TextFormat::Line, "5"},
                       {TextFormat::Grid, " 5"},
                       {TextFormat::Bracket, " [5]"},
                       {TextFormat::Sdk, "5"},
                       {TextFormat::PencilMarks, " 5"}};

// The index of the first digit at or after `from`.
std::size_t DigitAfter(const std::string& text, std::size_t from) {
    return text.find_first_of("123456789", from);
}

// The text with its middle line (or, for one line, its middle character) changed by `edit`.
std::vector<std::pair<std::string, std::string>> Corruptions(const std::string& text,
                                                             const Form& form) {
    const bool oneLine = form.format == TextFormat::Line;
    const std::size_t middle = oneLine ? text.size() / 2 : text.find('\n', text.size() / 2) + 1;
    const std::size_t digit = DigitAfter(text, middle);
    const std::size_t lineEnd = text.find('\n', middle);
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [name, replacement] : std::vector<std::pair<std::string, std::string>>{
             {"a letter", "Q"}, {"a NUL byte", std::string(1, '\0')}, {"non-UTF-8", "\xff\xfe"}}) {
        std::string broken = text;
        broken.replace(digit, 1, replacement);
        out.emplace_back(name, broken);
    }
    std::string extra = text;
    extra.insert(oneLine ? text.size() : lineEnd, form.extraCell);
    out.emplace_back(oneLine ? "a cell too many" : "a row longer than the others", extra);
    std::string missing = text;
    missing.erase(oneLine ? text.size() - 1 : text.rfind('\n', text.size() - 2) + 1);
    out.emplace_back(oneLine ? "a cell missing" : "a row missing", missing);
    std::string huge = text;
    huge.insert(oneLine ? 0 : middle, std::string(10000, '1') + "\n");
    out.emplace_back("a line of 10000 characters", huge);
    return out;
}

TEST_F(MalformedInput, BrokenTextInEveryFormIsRefusedWithOneClearLine) {
    const Board board = ParsePuzzle(Puzzle()).board;
    std::vector<fs::path> good, all;
    for (const Form& form : kForms) {
        const std::string name(TextFormatName(form.format));
        const std::string text = FormatPuzzle(board, form.format);
        good.push_back(write(name + "-good.txt", text));
        std::vector<fs::path> broken;
        for (const auto& [what, corrupted] : Corruptions(text, form))
            broken.push_back(write(name + "-" + std::to_string(broken.size()) + ".txt", corrupted));
        ExpectRefused(run(Args({"solve", "--format", name}, broken)), broken, name + " as " + name);
        all.insert(all.end(), broken.begin(), broken.end());
    }
    ASSERT_EQ(all.size(), 30u);
    ExpectRefused(run(Args({"solve"}, all)), all, "every form, detected");
    ExpectRefused(run(Args({"grade", "--json"}, all)), all, "every form, graded");
    // The same texts unbroken are read (so each refusal above is the corruption's doing).
    const Outcome r = run(Args({"solve", "--line"}, good));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(Lines(r.out).size(), good.size()) << r.out;
}

TEST_F(MalformedInput, EmptyAndCommentOnlyFilesHoldNoPuzzle) {
    std::vector<fs::path> files;
    for (const auto& [name, text] : {std::pair<std::string, std::string>{"empty.txt", ""},
                                     {"blank.txt", "\n\n  \n"},
                                     {"comments.txt", "# only a comment\n"},
                                     {"header.sdk", "#Aauthor\n[Puzzle]\n"}})
        files.push_back(write(name, text));
    for (const std::string command : {"solve", "grade", "hint"}) {
        const Outcome r = run(Args({command}, files));
        ExpectRefused(r, files, command);
        for (const std::string& line : Lines(r.err))
            EXPECT_NE(line.find(": no puzzle found"), std::string::npos) << line;
    }
}

TEST_F(MalformedInput, ReadableButWrongPuzzlesSayWhyAndExitOne) {
    const std::string good = Puzzle();
    std::string conflict = good;
    conflict[1] = good[3];  // r1c2 repeats the clue of r1c4
    const std::string deadEnd = "12345678.........9" + std::string(63, '.');
    std::string thousands = good.substr(0, 20) + std::string(61, '.');  // far more than 1000
    const struct {
        std::string puzzle, status, kind;
    } cases[] = {{conflict, "invalid", "duplicate"},
                 {deadEnd, "no-solution", "no-candidate"},
                 {thousands, "multiple", "multiple-solutions"}};
    std::string list = "# readable but wrong\n";
    for (const auto& c : cases)
        list += c.puzzle + "\n";
    const std::string file = write("wrong.txt", list).string();
    for (const std::string command : {"solve", "grade"}) {
        const Outcome text =
            command == "solve" ? run({command, "--line", file}) : run({command, file});
        EXPECT_EQ(text.code, 1) << command;
        EXPECT_EQ(text.err, "") << command;
        const std::vector<std::string> lines = Lines(text.out);
        ASSERT_EQ(lines.size(), 3u) << text.out;
        const Outcome json = run({command, "--json", file});
        EXPECT_EQ(json.code, 1) << command;
        const std::vector<std::string> objects = Lines(json.out);
        ASSERT_EQ(objects.size(), 3u) << json.out;
        for (std::size_t i = 0; i < 3; ++i) {
            EXPECT_EQ(lines[i].rfind(cases[i].status + ": ", 0), 0u) << lines[i];
            const auto j = nlohmann::json::parse(objects[i]);
            EXPECT_EQ(j["status"], cases[i].status) << objects[i];
            EXPECT_EQ(j["input"], file + ":" + std::to_string(i + 2));
            EXPECT_EQ(j["problems"][0]["kind"], cases[i].kind) << objects[i];
            EXPECT_FALSE(j["problems"][0]["message"].get<std::string>().empty());
            EXPECT_FALSE(j.contains("solution"));
        }
    }
}

struct BadCall {
    std::vector<std::string> args;
    std::string mentions;  // a part of the message that says what is wrong
};

// Each call exits 2 with a message on standard error (not an exception's text), prints nothing
// and writes none of the outputs it was asked for.
class BadArguments : public MalformedInput {
protected:
    void expectRefused(const std::vector<BadCall>& calls) const {
        for (const BadCall& call : calls) {
            std::string label = "sudokucam";
            for (const std::string& a : call.args) {
                label += ' ';  // appended apart: GCC 12 warns (-Wrestrict) on " " + std::string
                label += a.substr(0, 40);
            }
            const Outcome r = run(call.args);
            EXPECT_EQ(r.code, 2) << label << "\n" << r.err;
            EXPECT_EQ(r.out, "") << label;
            EXPECT_FALSE(r.err.empty()) << label;
            EXPECT_NE(r.err.find(call.mentions), std::string::npos) << label << "\n" << r.err;
            for (const std::string bad : {"terminate", "what()", "std::", "Aborted"})
                EXPECT_EQ(r.err.find(bad), std::string::npos) << label << "\n" << r.err;
            EXPECT_FALSE(fs::exists(out())) << label;
            EXPECT_FALSE(fs::exists(outJpg())) << label;
        }
    }
    std::string out() const { return (dir_ / "out").string(); }
    std::string outJpg() const { return (dir_ / "out.jpg").string(); }
    std::string missing() const { return (dir_ / "missing.txt").string(); }
};

TEST_F(BadArguments, ToThePuzzleCommands) {
    const std::string puzzle = Puzzle();
    expectRefused({
        {{}, "subcommand"},
        {{"frobnicate"}, ""},
        {{"solve", "--bogus", puzzle}, "--bogus"},
        {{"solve", "--format"}, "--format"},
        {{"solve", "--format", "csv", puzzle}, "csv"},
        {{"solve", missing()}, "missing.txt"},
        {{"solve", dir_.string()}, "not a regular file"},
        {{"grade", "--json", "--bogus"}, "--bogus"},
        {{"hint", puzzle, puzzle, "--steps"}, "--steps"},
        {{"bench", "--limit", "-1", missing()}, "--limit"},
        {{"bench", missing()}, "missing.txt"},
        {{"bench", "--vs", (dir_ / "no-tdoku.so").string(), missing()}, "no-tdoku.so"},
    });
}

TEST_F(BadArguments, ToTheGenerators) {
    expectRefused({
        {{"generate", "--size", "7"}, "size 7"},
        {{"generate", "--size", "-3"}, "--size"},
        {{"generate", "--size", "99999999999999999999"}, "--size"},
        {{"generate", "-n", "-1"}, "--count"},
        {{"generate", "-n"}, "--count"},
        {{"generate", "--difficulty", "trivial"}, "trivial"},
        {{"render", "--width", "-5", "-o", outJpg()}, "--width"},
        {{"render", "--puzzle", "123", "-o", outJpg()}, "3 characters"},
        {{"render", "-o", (dir_ / "no" / "such" / "dir.jpg").string()}, "dir.jpg"},
    });
}

TEST_F(BadArguments, ToThePhotoCommands) {
    const fs::path photos = dir_ / "photos";
    fs::create_directories(photos);
    const fs::path text = write("photos/notes.txt", "not a photo\n");
    const fs::path torn = write("torn.jpg", std::string("\xff\xd8\xff\xe0\x00\x10JFIF", 10));
    expectRefused({
        {{"read", missing(), "-o", outJpg()}, "missing.txt"},
        {{"read", text.string(), "-o", outJpg()}, "notes.txt"},
        {{"read", torn.string(), "-o", outJpg()}, "torn.jpg"},
        {{"read", dir_.string(), "-o", outJpg()}, dir_.filename().string()},
        {{"read", torn.string(), "--show", "everything"}, "everything"},
        {{"batch", "--jobs", "-3", "-o", out(), photos.string()}, "--jobs"},
        {{"batch", "--jobs", "100000", "-o", out(), photos.string()}, "--jobs"},
        {{"batch", "-o", out(), missing()}, "missing.txt"},
        {{"batch", photos.string()}, "--output"},
        {{"batch", "-o", out(), "--engine", "ocr", photos.string()}, "ocr"},
        // (A video file that is not a video is live_fault_test's: under ASan the GStreamer
        // backend OpenCV falls back to leaks in libusb, which is not ours to fix.)
        {{"live", "--video", missing(), "--headless"}, "missing.txt"},
        {{"live", "--camera", "99999999999", "--headless"}, "--camera"},
    });
}

}  // namespace
}  // namespace sudoku
