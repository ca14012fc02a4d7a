// `sudokucam batch` under faults: the built program killed (SIGKILL) at seeded random times and,
// found by tracing its system calls, inside its writes, then run again until done; a full output
// disk (a small tmpfs); Ctrl-C. Then the output folder is checked: every image logged exactly once,
// every line whole JSON, no temporary file, every annotated copy present and decodable. Also the
// decode-memory budget, and the image-size sniffing it relies on.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "app/BatchImage.h"
#include "app/DecodeBudget.h"
#include "app/ResultsLog.h"
#include "tests/TestFiles.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;
using sudoku::Cat;
using sudoku::FreshDir;
using sudoku::KeyCounts;
using sudoku::ReadText;
using sudoku::WriteText;

const fs::path kPrinted = fs::path(SUDOKU_SHARED_DIR) / "datasets" / "wichtounet-train" / "printed";
const fs::path kSamples = fs::path(SUDOKU_SOURCE_DIR) / "samples";

// ---- the output folder's invariants --------------------------------------------------------

struct LogContent {
    std::vector<json> lines;
    int broken = 0;  // lines that are not a JSON object with a "file": torn or garbled
    bool endsWithNewline = true;
};

LogContent ReadLog(const fs::path& out) {
    LogContent log;
    const std::string text = ReadText(out / "results.jsonl");
    log.endsWithNewline = text.empty() || text.back() == '\n';
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        json j = json::parse(line, nullptr, false);
        if (j.is_object() && j.contains("file") && j["file"].is_string())
            log.lines.push_back(std::move(j));
        else
            ++log.broken;
    }
    return log;
}

std::multiset<std::string> FilesIn(const LogContent& log) {
    std::multiset<std::string> files;
    for (const auto& j : log.lines)
        files.insert(j["file"].get<std::string>());
    return files;
}

std::vector<fs::path> TempFilesUnder(const fs::path& dir) {
    std::vector<fs::path> temps;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().filename().string().ends_with(kTempSuffix)) temps.push_back(it->path());
    return temps;
}

// Whether a process killed now was writing to the folder: an annotated copy's temporary file
// exists, or the log does not end with a newline.
bool WritingNow(const fs::path& out) {
    if (!TempFilesUnder(out).empty()) return true;
    std::error_code ec;
    const auto size = fs::file_size(out / "results.jsonl", ec);
    if (ec || size == 0) return false;
    std::ifstream in(out / "results.jsonl", std::ios::binary);
    in.seekg(static_cast<std::streamoff>(size) - 1);
    return in.get() != '\n';
}

// Everything a finished run must leave: each image once, whole lines, no temporary file, and
// an annotated copy that decodes, as wide as its photo, for each image that was read.
void ExpectComplete(const fs::path& in, const fs::path& out,
                    const std::multiset<std::string>& images) {
    const LogContent log = ReadLog(out);
    EXPECT_EQ(log.broken, 0) << "torn or garbled lines in " << out / "results.jsonl";
    EXPECT_TRUE(log.endsWithNewline);
    EXPECT_EQ(FilesIn(log), images) << "every image logged exactly once";
    EXPECT_TRUE(TempFilesUnder(out).empty());
    for (const auto& j : log.lines) {
        if (j.value("status", "") == "error") continue;
        ASSERT_TRUE(j.contains("output")) << j.dump();
        const cv::Mat copy = cv::imread((out / j.value("output", "")).string());
        const cv::Mat photo = cv::imread((in / j.value("file", "")).string());
        ASSERT_FALSE(copy.empty()) << "annotated copy missing or broken: " << j["output"];
        EXPECT_EQ(copy.cols, photo.cols) << j["output"];
    }
}

// ---- running the program -------------------------------------------------------------------

// The batch started in the background, its stdout and stderr in files beside the output folder.
class BatchProcess {
public:
    BatchProcess(const fs::path& in, const fs::path& out, std::vector<std::string> extra)
        : outFile_(out.string() + ".stdout"), errFile_(out.string() + ".stderr") {
        std::vector<std::string> args = {SUDOKUCAM_EXE, "batch", in.string(), "-o", out.string()};
        args.insert(args.end(), extra.begin(), extra.end());
        pid_ = ::fork();
        if (pid_ == 0) {
            Redirect(outFile_, STDOUT_FILENO);
            Redirect(errFile_, STDERR_FILENO);
            std::vector<char*> argv;
            for (auto& a : args)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(SUDOKUCAM_EXE, argv.data());
            ::_exit(127);
        }
    }
    ~BatchProcess() {
        if (!waited_) {
            ::kill(pid_, SIGKILL);
            wait();
        }
    }
    BatchProcess(const BatchProcess&) = delete;
    BatchProcess& operator=(const BatchProcess&) = delete;

    // Freezes the process (all its threads); true once it is stopped, false if it has exited.
    bool freeze() {
        ::kill(pid_, SIGSTOP);
        int status = 0;
        if (::waitpid(pid_, &status, WUNTRACED) != pid_) return false;
        if (WIFSTOPPED(status)) return true;
        waited_ = true;
        status_ = status;
        return false;
    }
    void thaw() { ::kill(pid_, SIGCONT); }
    void signal(int sig) { ::kill(pid_, sig); }
    bool exited() {
        if (waited_) return true;
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) != pid_) return false;
        waited_ = true;
        status_ = status;
        return true;
    }
    int wait() {
        while (!waited_) {
            int status = 0;
            if (::waitpid(pid_, &status, 0) == pid_ && !WIFSTOPPED(status)) {
                waited_ = true;
                status_ = status;
            }
        }
        return status_;
    }
    std::string out() const { return ReadText(outFile_); }
    std::string err() const { return ReadText(errFile_); }

private:
    static void Redirect(const fs::path& file, int target) {
        const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, target);
        ::close(fd);
    }

    fs::path outFile_, errFile_;
    pid_t pid_ = -1;
    bool waited_ = false;
    int status_ = 0;
};

class BatchFault : public testing::Test {
protected:
    void SetUp() override {
        if (!fs::exists(kPrinted / "image1.jpg")) GTEST_SKIP() << "no photos at " << kPrinted;
    }

    // Ten real photos (printed newspaper photos and the samples, some in sub-folders, one
    // without an extension), a JPEG cut in half, a corrupt JPEG and a text file named .jpg;
    // returns the twelve images' relative names.
    static std::multiset<std::string> MakeFolder(const fs::path& in) {
        std::multiset<std::string> images;
        const auto add = [&](const fs::path& from, const std::string& name) {
            fs::create_directories((in / name).parent_path());
            fs::copy_file(from, in / name);
            images.insert(name);
        };
        int n = 0;
        for (const char* photo : {"image1.jpg", "image10.jpg", "image100.jpg", "image1000.jpg",
                                  "image1001.jpg", "image1003.jpg"})
            add(kPrinted / photo, Cat({n++ % 2 ? "sub/" : "", photo}));
        for (const char* sample : {"newspaper.jpg", "rendered.jpg", "live-frame.jpg"})
            add(kSamples / sample, Cat({"samples/", sample}));
        add(kPrinted / "image10.jpg", "copies/deeper/b");
        const std::string whole = ReadText(kPrinted / "image1001.jpg");
        WriteText(in / "broken/half.jpg", whole.substr(0, whole.size() / 2));
        images.insert("broken/half.jpg");
        WriteText(in / "broken/corrupt.jpg", "\xFF\xD8\xFF\xE0 this is no JPEG stream at all");
        images.insert("broken/corrupt.jpg");
        WriteText(in / "broken/notes.jpg", "shopping list: eggs, milk\n");
        return images;
    }
};

// ---- SIGKILL -------------------------------------------------------------------------------

TEST_F(BatchFault, KilledAtRandomTimesEveryImageEndsUpDoneExactlyOnce) {
    const fs::path dir = FreshDir("kills");
    const auto images = MakeFolder(dir / "in");
    // How long a run takes to log its first image here (sanitizers and load make it vary): the
    // kills are spread over twice that, from the model's loading to a few images in.
    auto firstLine = Clock::duration::zero();
    {
        BatchProcess probe(dir / "in", dir / "probe", {"--jobs", "1"});
        const auto start = Clock::now();
        while (ReadText(dir / "probe" / "results.jsonl").find('\n') == std::string::npos &&
               !probe.exited())
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        firstLine = Clock::now() - start;
    }
    int kills = 0, leftovers = 0;
    for (const unsigned seed : {1u, 2u}) {
        SCOPED_TRACE(Cat({"seed ", std::to_string(seed)}));
        const fs::path out = dir / Cat({"out", std::to_string(seed)});
        std::mt19937 random(seed);
        std::uniform_int_distribution<Clock::rep> delay(0, 2 * firstLine.count());
        // Three kills, alternating one and two workers, then a run to the end.
        for (int k = 0; k < 3; ++k) {
            BatchProcess run(dir / "in", out, {"--jobs", std::to_string(1 + k % 2)});
            std::this_thread::sleep_for(Clock::duration(delay(random)));
            if (run.exited()) break;
            run.signal(SIGKILL);
            const int status = run.wait();
            // The run may finish between exited() and the signal: then nothing was killed.
            if (WIFEXITED(status)) break;
            EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
            ++kills;
            leftovers += WritingNow(out);
        }
        BatchProcess last(dir / "in", out, {"--jobs", "2"});
        const int status = last.wait();
        ASSERT_TRUE(WIFEXITED(status)) << last.err();
        EXPECT_LE(WEXITSTATUS(status), 1) << "errors (the broken files) at most\n" << last.err();
        ExpectComplete(dir / "in", out, images);
        const auto counts = KeyCounts(last.out());
        EXPECT_EQ(counts.at("read") + counts.at("already done"), static_cast<int>(images.size()));
    }
    std::cout << "kills: " << kills << ", leaving a temporary file or torn line: " << leftovers
              << "\n";
    EXPECT_GE(kills, 3) << "most runs were killed before their end";
}

// Where a kill lands, found by tracing the program's system calls (ptrace), so that it lands
// exactly in the short moments a write takes.
enum class KillPoint {
    InCopyWrite,      // entering a write() to an annotated copy's temporary file
    AfterCopyRename,  // the rename() publishing a copy has returned; its log line is not written
    InLogWrite,       // entering the write() of a log line
};

std::string FdTarget(pid_t pid, std::uint64_t fd) {
    std::error_code ec;
    const fs::path link = Cat({"/proc/", std::to_string(pid), "/fd/", std::to_string(fd)});
    return fs::read_symlink(link, ec).string();
}

bool IsWrite(std::uint64_t nr) {
    return nr == SYS_write || nr == SYS_pwrite64 || nr == SYS_writev;
}

bool IsRename(std::uint64_t nr) {
#ifdef SYS_rename
    if (nr == SYS_rename) return true;
#endif
    return nr == SYS_renameat || nr == SYS_renameat2;
}

// Follows every thread of a traced process from syscall stop to syscall stop and says when the
// `nth` occurrence of `point` is reached.
class SyscallWatch {
public:
    SyscallWatch(pid_t pid, KillPoint point, int nth) : pid_(pid), point_(point), nth_(nth) {}

    bool reached(pid_t tid) {
        __ptrace_syscall_info info{};
        if (::ptrace(PTRACE_GET_SYSCALL_INFO, tid, sizeof info, &info) <= 0) return false;
        bool hit = false;
        if (info.op == PTRACE_SYSCALL_INFO_ENTRY) {
            renaming_[tid] = IsRename(info.entry.nr);
            if (IsWrite(info.entry.nr)) {
                const std::string target = FdTarget(pid_, info.entry.args[0]);
                hit = point_ == KillPoint::InCopyWrite  ? target.ends_with(kTempSuffix)
                      : point_ == KillPoint::InLogWrite ? target.ends_with("results.jsonl")
                                                        : false;
            }
        } else if (info.op == PTRACE_SYSCALL_INFO_EXIT && renaming_[tid]) {
            renaming_[tid] = false;
            hit = point_ == KillPoint::AfterCopyRename && !info.exit.is_error;
        }
        return hit && ++seen_ == nth_;
    }

private:
    pid_t pid_;
    KillPoint point_;
    int nth_;
    int seen_ = 0;
    std::map<pid_t, bool> renaming_;
};

enum class Traced { Killed, Finished, NotPermitted };

// Runs the batch under ptrace and kills it (SIGKILL) at the `nth` occurrence of `point`.
Traced RunAndKillAt(const fs::path& in, const fs::path& out, int jobs, KillPoint point, int nth) {
    const pid_t child = ::fork();
    if (child == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        if (::ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) != 0) ::_exit(126);
        ::raise(SIGSTOP);  // until the tracer has set its options
        const std::string j = std::to_string(jobs);
        ::execl(SUDOKUCAM_EXE, SUDOKUCAM_EXE, "batch", in.c_str(), "-o", out.c_str(), "--jobs",
                j.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    if (!WIFSTOPPED(status)) return Traced::NotPermitted;
    ::ptrace(PTRACE_SETOPTIONS, child, nullptr,
             PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACECLONE | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL);
    ::ptrace(PTRACE_SYSCALL, child, nullptr, nullptr);
    SyscallWatch watch(child, point, nth);
    bool killed = false;
    for (;;) {
        const pid_t tid = ::waitpid(-1, &status, __WALL);
        if (tid < 0) break;
        if (WIFEXITED(status) || WIFSIGNALED(status)) {
            if (tid == child) break;
            continue;
        }
        const int sig = WSTOPSIG(status);
        if (sig == (SIGTRAP | 0x80) && !killed && watch.reached(tid)) {
            ::kill(child, SIGKILL);
            killed = true;
        }
        // Syscall stops, clone and exec events and new threads' first SIGSTOP carry no signal to
        // pass on.
        const bool own =
            sig == (SIGTRAP | 0x80) || (sig == SIGTRAP && status >> 16) || sig == SIGSTOP;
        ::ptrace(PTRACE_SYSCALL, tid, nullptr, own ? 0 : sig);
    }
    return killed ? Traced::Killed : Traced::Finished;
}

TEST_F(BatchFault, KilledInsideEachWriteEveryImageEndsUpDoneExactlyOnce) {
    const fs::path dir = FreshDir("writes");
    const auto images = MakeFolder(dir / "in");
    struct Kill {
        KillPoint point;
        int nth, jobs;
    };
    for (const Kill kill :
         {Kill{KillPoint::InCopyWrite, 1, 1}, Kill{KillPoint::AfterCopyRename, 2, 1},
          Kill{KillPoint::InLogWrite, 2, 2}, Kill{KillPoint::InCopyWrite, 2, 2},
          Kill{KillPoint::AfterCopyRename, 1, 2}}) {
        // Each kill on an output folder of its own, so every kill point is still ahead however
        // many images the earlier runs finished (sanitizers and load change how many).
        const fs::path out = dir / Cat({"out", std::to_string(static_cast<int>(kill.point)), "-",
                                        std::to_string(kill.nth), "-", std::to_string(kill.jobs)});
        const std::size_t logged = ReadLog(out).lines.size();
        const Traced traced = RunAndKillAt(dir / "in", out, kill.jobs, kill.point, kill.nth);
        if (traced == Traced::NotPermitted) GTEST_SKIP() << "ptrace is not permitted here";
        ASSERT_EQ(traced, Traced::Killed) << "the run ended before the kill point";
        const LogContent log = ReadLog(out);
        EXPECT_EQ(log.broken, 0);
        EXPECT_GE(log.lines.size(), logged);
        if (kill.point == KillPoint::InCopyWrite) {
            EXPECT_FALSE(TempFilesUnder(out).empty()) << "killed while a copy was written";
        }
        if (kill.point == KillPoint::AfterCopyRename) {
            // A finished copy without its line: the next run reads that image again.
            std::set<std::string> withLine;
            for (const auto& j : log.lines)
                withLine.insert(j.value("output", ""));
            int orphans = 0;
            for (const auto& e : fs::recursive_directory_iterator(out))
                if (e.is_regular_file() && e.path().filename() != "results.jsonl" &&
                    !withLine.count(e.path().lexically_relative(out).generic_string()))
                    ++orphans;
            EXPECT_GE(orphans, 1) << "killed between a copy's rename and its log line";
        }
        BatchProcess resumed(dir / "in", out, {"--jobs", "2"});
        ASSERT_TRUE(WIFEXITED(resumed.wait())) << resumed.err();
        ExpectComplete(dir / "in", out, images);
    }
}

// ---- full disk -----------------------------------------------------------------------------

// A tmpfs of `kb` kilobytes mounted on `dir` for the scope (the tests run as root in CI).
class TinyDisk {
public:
    TinyDisk(const fs::path& dir, int kb) : dir_(dir) {
        fs::create_directories(dir);
        const std::string options = Cat({"size=", std::to_string(kb), "k"});
        if (::mount("tmpfs", dir.c_str(), "tmpfs", 0, options.c_str()) == 0)
            mounted_ = true;
        else
            error_ = std::strerror(errno);
    }
    ~TinyDisk() {
        if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
    }
    TinyDisk(const TinyDisk&) = delete;
    TinyDisk& operator=(const TinyDisk&) = delete;

    bool mounted() const { return mounted_; }
    const std::string& error() const { return error_; }
    bool resize(int kb) {
        const std::string options = Cat({"size=", std::to_string(kb), "k"});
        return ::mount("tmpfs", dir_.c_str(), "tmpfs", MS_REMOUNT, options.c_str()) == 0;
    }

private:
    fs::path dir_;
    bool mounted_ = false;
    std::string error_;
};

TEST_F(BatchFault, AFullDiskStopsTheRunWithAMessageAndTheNextRunFinishes) {
    const fs::path dir = FreshDir("full");
    const auto images = MakeFolder(dir / "in");
    TinyDisk disk(dir / "disk", 400);
    if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here: " << disk.error();
    const fs::path out = dir / "disk" / "out";
    BatchProcess full(dir / "in", out, {"--jobs", "2"});
    const int status = full.wait();
    ASSERT_TRUE(WIFEXITED(status)) << "a message, not a crash\n" << full.err();
    EXPECT_EQ(WEXITSTATUS(status), 2) << full.err();
    EXPECT_NE(full.err().find("No space left on device"), std::string::npos) << full.err();
    EXPECT_NE(full.err().find(out.string()), std::string::npos) << "names the path\n" << full.err();
    EXPECT_NE(full.out().find("stopped: "), std::string::npos) << full.out();
    const LogContent partial = ReadLog(out);
    EXPECT_EQ(partial.broken, 0);
    EXPECT_LT(partial.lines.size(), images.size()) << "the disk was too small for all";
    EXPECT_TRUE(TempFilesUnder(out).empty());

    // Room made: the next run reads the rest.
    ASSERT_TRUE(disk.resize(64 * 1024));
    BatchProcess again(dir / "in", out, {"--jobs", "2"});
    const int againStatus = again.wait();
    ASSERT_TRUE(WIFEXITED(againStatus)) << again.err();
    EXPECT_LE(WEXITSTATUS(againStatus), 1) << "errors (the broken files) at most\n" << again.err();
    const auto counts = KeyCounts(again.out());
    ASSERT_EQ(counts.count("already done"), 1U)
        << "exit " << WEXITSTATUS(againStatus) << ", no summary\n"
        << again.out() << again.err();
    EXPECT_EQ(counts.at("already done"), static_cast<int>(partial.lines.size()));
    ExpectComplete(dir / "in", out, images);
}

TEST(ResultsLogFullDisk, AFailedAppendLeavesOnlyWholeLines) {
    const fs::path dir = FreshDir("fulllog");
    const TinyDisk disk(dir / "disk", 64);
    if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here: " << disk.error();
    const fs::path path = dir / "disk" / "results.jsonl";
    ResultsLog log(path);
    const std::string first = Cat({"{\"file\":\"", std::string(3000, 'a'), "\"}"});
    log.append(first);
    // Fill the disk: the log's page has room left, so the next line is half written, then fails.
    {
        std::ofstream filler(dir / "disk" / "filler", std::ios::binary);
        const std::string block(4096, 'x');
        while (filler.write(block.data(), static_cast<std::streamsize>(block.size())))
            ;
    }
    try {
        log.append(Cat({"{\"file\":\"", std::string(3000, 'b'), "\"}"}));
        ADD_FAILURE() << "the append to a full disk succeeded";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("No space left on device"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    }
    EXPECT_EQ(ReadText(path), first + "\n") << "the half-written line was cut";
}

// ---- Ctrl-C --------------------------------------------------------------------------------

TEST_F(BatchFault, InterruptFinishesOnlyTheImagesInFlight) {
    const fs::path dir = FreshDir("sigint");
    const auto images = MakeFolder(dir / "in");
    const fs::path out = dir / "out";
    BatchProcess run(dir / "in", out, {"--jobs", "2"});
    while (ReadLog(out).lines.empty() && !run.exited())
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    // Frozen, so the count of lines is that at the signal.
    ASSERT_TRUE(run.freeze()) << "the run ended before its first line could be seen";
    const std::size_t atSignal = ReadLog(out).lines.size();
    run.signal(SIGINT);
    run.thaw();
    const auto signalled = Clock::now();
    const int status = run.wait();
    const double seconds = std::chrono::duration<double>(Clock::now() - signalled).count();
    ASSERT_TRUE(WIFEXITED(status)) << "a clean exit, not a death by the signal";
    EXPECT_EQ(WEXITSTATUS(status), 130);
    const LogContent logged = ReadLog(out);
    EXPECT_EQ(logged.broken, 0);
    // The two images being read, and at most one result each waiting for the log's writer.
    EXPECT_LE(logged.lines.size(), atSignal + 4) << "only the images in flight";
    EXPECT_LT(logged.lines.size(), images.size());
    EXPECT_TRUE(TempFilesUnder(out).empty());
    const std::string left =
        Cat({"interrupted: ", std::to_string(images.size() - logged.lines.size()),
             " images left for the next run"});
    EXPECT_NE(run.out().find(left), std::string::npos) << run.out();
    std::cout << "exited " << seconds << " s after SIGINT\n";

    BatchProcess again(dir / "in", out, {"--jobs", "2"});
    ASSERT_TRUE(WIFEXITED(again.wait()));
    EXPECT_EQ(KeyCounts(again.out()).at("already done"), static_cast<int>(logged.lines.size()));
    ExpectComplete(dir / "in", out, images);
}

// ---- the decode-memory budget --------------------------------------------------------------

TEST_F(BatchFault, ATinyQueueBudgetReadsOnePhotoAtATimeAndTheSame) {
    const fs::path dir = FreshDir("budget");
    const auto images = MakeFolder(dir / "in");
    BatchProcess tiny(dir / "in", dir / "tiny", {"--jobs", "2", "--max-queue-mb", "1"});
    BatchProcess roomy(dir / "in", dir / "roomy", {"--jobs", "2"});
    ASSERT_TRUE(WIFEXITED(tiny.wait())) << tiny.err();
    ASSERT_TRUE(WIFEXITED(roomy.wait())) << roomy.err();
    ExpectComplete(dir / "in", dir / "tiny", images);
    // Every photo is over 1 MB decoded, so each was read alone: at most the whole budget.
    const auto tinyCounts = KeyCounts(tiny.out());
    EXPECT_EQ(tinyCounts.at("queue memory peak (MB)"), 1) << tiny.out();
    EXPECT_GT(KeyCounts(roomy.out()).at("queue memory peak (MB)"), 1) << roomy.out();
    std::map<std::string, std::string> statusOf;
    for (const auto& j : ReadLog(dir / "roomy").lines)
        statusOf[j["file"]] = j.value("status", "");
    for (const auto& j : ReadLog(dir / "tiny").lines)
        EXPECT_EQ(j.value("status", ""), statusOf[j["file"]]) << j["file"];
    EXPECT_EQ(tinyCounts.at("solved"), KeyCounts(roomy.out()).at("solved"));
}

TEST(DecodeBudget, ReservationsInFlightNeverExceedTheBudget) {
    DecodeBudget budget(100);
    std::atomic<int> inFlight{0}, most{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int k = 0; k < 50; ++k) {
                // 30 or 60 bytes, and one over the whole budget now and then.
                const std::size_t want = k % 10 == 9 ? 500 : 30 * (1 + (k + t) % 2);
                const auto held = budget.reserve(want, [] { return false; });
                ASSERT_TRUE(held);
                const int now = inFlight += static_cast<int>(std::min<std::size_t>(want, 100));
                int seen = most;
                while (now > seen && !most.compare_exchange_weak(seen, now))
                    ;
                std::this_thread::sleep_for(std::chrono::microseconds(50));
                inFlight -= static_cast<int>(std::min<std::size_t>(want, 100));
            }
        });
    for (auto& t : threads)
        t.join();
    EXPECT_LE(most, 100);
    EXPECT_LE(budget.peak(), 100u);
    EXPECT_GE(budget.peak(), 60u);
}

TEST(DecodeBudget, AStopEndsTheWait) {
    DecodeBudget budget(100);
    const auto held = budget.reserve(100, [] { return false; });
    std::atomic<bool> stop{false};
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        stop = true;
    });
    const auto waited = budget.reserve(10, [&] { return stop.load(); });
    stopper.join();
    EXPECT_FALSE(waited);
}

TEST(DecodeBudget, EstimatesFromTheHeaderOfRealPhotos) {
    const fs::path photo = kPrinted / "image1.jpg";
    if (!fs::exists(photo)) GTEST_SKIP() << "no photos at " << kPrinted;
    const cv::Mat pixels = cv::imread(photo.string());
    const auto estimate = EstimateDecodeBytes(photo);
    ASSERT_TRUE(estimate);
    EXPECT_EQ(*estimate, fs::file_size(photo) + pixels.total() * 8);
    const fs::path dir = FreshDir("estimate");
    ASSERT_TRUE(cv::imwrite((dir / "photo.png").string(), pixels));
    EXPECT_EQ(EstimateDecodeBytes(dir / "photo.png"),
              fs::file_size(dir / "photo.png") + pixels.total() * 8);
    WriteText(dir / "text.jpg", "not a photo");
    EXPECT_FALSE(EstimateDecodeBytes(dir / "text.jpg"));
    EXPECT_FALSE(EstimateDecodeBytes(dir / "missing.jpg"));
}

}  // namespace
}  // namespace sudokucam
