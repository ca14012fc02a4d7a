#pragma once
// Runs the built sudokucam as a person would, through the shell, and keeps what it printed and
// its exit code: the one way the black-box tests run the program. The test target defines
// SUDOKUCAM_EXE (tests/CMakeLists.txt).

#include <sys/wait.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

#include "tests/TestFiles.h"

#ifndef SUDOKUCAM_EXE
#error "tests/ProgramRun.h runs SUDOKUCAM_EXE: define it for the test target"
#endif

namespace sudoku {

// Where the program's standard error goes.
enum class ErrorOutput {
    Apart,    // into ProgramRun::err
    Merged,   // into ProgramRun::out, interleaved with standard output
    Dropped,  // nowhere (image decoders print warnings there)
};

struct ProgramRun {
    int code = -1;    // the exit code; -1 if it could not start or a signal ended it
    std::string out;  // standard output (and standard error when Merged)
    std::string err;  // standard error when Apart
};

// The text as one shell word, in single quotes (the text holds no single quote).
inline std::string Quote(const std::string& text) {
    return Cat({"'", text, "'"});
}

// Runs `SUDOKUCAM_EXE arguments`: the arguments are shell words, quoted where they need it. The
// standard input is `input`, or without it the test's own (or a redirection in the arguments);
// `prefix` goes before the program in the command, e.g. "env -u DISPLAY ". Several threads may
// run programs at once.
inline ProgramRun RunProgram(const std::string& arguments, ErrorOutput errors = ErrorOutput::Apart,
                             const std::optional<std::string>& input = std::nullopt,
                             const std::string& prefix = "") {
    static std::atomic<unsigned> runs{0};
    const std::filesystem::path stem = TempPath(Cat({"run", std::to_string(runs++)}));
    const std::filesystem::path in = Cat({stem.string(), ".stdin"});
    const std::filesystem::path err = Cat({stem.string(), ".stderr"});
    std::string command = Cat({prefix, SUDOKUCAM_EXE, " ", arguments});
    if (input) {
        WriteText(in, *input);
        command += Cat({" < ", Quote(in)});
    }
    switch (errors) {
        case ErrorOutput::Apart:
            command += Cat({" 2> ", Quote(err)});
            break;
        case ErrorOutput::Merged:
            command += " 2>&1";
            break;
        case ErrorOutput::Dropped:
            command += " 2>/dev/null";
            break;
    }
    ProgramRun run;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[4096];
        for (std::size_t n = 0; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
            run.out.append(buffer, n);
        const int status = pclose(pipe);
        run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    if (errors == ErrorOutput::Apart) run.err = ReadText(err);
    std::error_code ignored;
    std::filesystem::remove(in, ignored);
    std::filesystem::remove(err, ignored);
    return run;
}

}  // namespace sudoku
