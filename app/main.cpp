// sudokucam: reads a Sudoku from a photo and solves it. This file only dispatches sub-commands.

#include <exception>
#include <iostream>

#include "app/Commands.h"

int main(int argc, char** argv) {
    CLI::App app{"sudokucam: read a Sudoku from a photo, solve it, explain it"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "sudokucam " SUDOKUCAM_VERSION);
    int exitCode = sudokucam::kExitOk;
    sudokucam::RegisterSolveCommands(app, exitCode);
    sudokucam::RegisterBenchCommand(app, exitCode);
    sudokucam::RegisterGenerateCommand(app, exitCode);
#ifdef SUDOKU_HAS_VISION
    sudokucam::RegisterReadCommands(app, exitCode);
    sudokucam::RegisterRenderCommand(app, exitCode);
    sudokucam::RegisterLiveCommand(app, exitCode);
    sudokucam::RegisterBatchCommand(app, exitCode);
    sudokucam::RegisterMergeCommand(app, exitCode);
    sudokucam::RegisterServeCommand(app, exitCode);
#endif
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? sudokucam::kExitOk : sudokucam::kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << "sudokucam: " << e.what() << "\n";
        return sudokucam::kExitUsage;
    }
    return exitCode;
}
