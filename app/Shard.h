#pragma once
// Which shard of a sharded `sudokucam batch` a file belongs to: a stable 64-bit hash (FNV-1a) of
// its name as it appears in the results' "file" field (the path under the folder, or the line of
// a --files-from list exactly as written, not normalised), so that every run, on any machine,
// puts a file in the same shard. std::hash is not used: it may differ between builds and runs.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sudokucam {

// FNV-1a, 64 bits, over the bytes of `text`.
std::uint64_t Fnv1a64(std::string_view text);

// Shard `index` of `count`, counted from 1 (so Slurm's `--array=1-N` gives SLURM_ARRAY_TASK_ID
// as the index directly).
struct Shard {
    int index = 1;
    int count = 1;
};

// The most shards a run can be cut into.
inline constexpr int kMaxShards = 1'000'000;

// "2/8" -> {2, 8}; nullopt with `error` set when the text is not K/N with 1 <= K <= N.
std::optional<Shard> ParseShard(std::string_view text, std::string& error);

// Whether the file named `file` belongs to `shard`: Fnv1a64(file) % count == index - 1.
bool InShard(std::string_view file, const Shard& shard);

// "shard-2-of-8": the tag of a shard's results file and temporary files.
std::string ShardTag(const Shard& shard);

// The results file of a run under its output folder: "results.jsonl", or for a shard
// "results.shard-2-of-8.jsonl".
std::string ResultsFileName(const std::optional<Shard>& shard);

// The shard whose results file has this name ("results.shard-2-of-8.jsonl" -> {2, 8}), or
// nullopt for another name. K and N are each 1 to kMaxShards; K above N is returned as it is.
std::optional<Shard> ShardOfResultsFile(std::string_view fileName);

}  // namespace sudokucam
