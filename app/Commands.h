#pragma once
// Each sub-command of `sudokucam` registers itself on the CLI11 app. The callbacks set the exit
// code through the returned reference, so main() stays a dispatcher.

#include <CLI/CLI.hpp>

namespace sudokucam {

// Exit codes shared by every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // the job ran but the answer is negative (e.g. no solution)
inline constexpr int kExitUsage = 2;    // bad arguments or unreadable input

void RegisterSolveCommands(CLI::App& app, int& exitCode);  // solve, hint, grade
void RegisterGenerateCommand(CLI::App& app, int& exitCode);
void RegisterBenchCommand(CLI::App& app, int& exitCode);
void RegisterReadCommands(CLI::App& app, int& exitCode);   // read, eval (needs vision/)
void RegisterRenderCommand(CLI::App& app, int& exitCode);  // needs vision/
void RegisterLiveCommand(CLI::App& app, int& exitCode);    // needs vision/
void RegisterBatchCommand(CLI::App& app, int& exitCode);   // batch (needs vision/)
void RegisterMergeCommand(CLI::App& app, int& exitCode);   // merge: batch shards' results
void RegisterServeCommand(CLI::App& app, int& exitCode);   // serve: the page (needs vision/)

}  // namespace sudokucam
