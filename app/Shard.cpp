#include "app/Shard.h"

#include <charconv>
#include <sstream>

namespace sudokucam {
namespace {

// A whole decimal number in [1, kMaxShards], nothing else (no sign, no spaces); 0 otherwise.
// (Plain ints, not optionals: GCC 12 misreports those as maybe uninitialized here.)
int ShardNumber(std::string_view text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return 0;
    return value >= 1 && value <= kMaxShards ? value : 0;
}

// A results file's name: kResultsStem, then ".shard-K-of-N" for a shard, then the extension.
constexpr std::string_view kResultsStem = "results", kResultsExtension = ".jsonl";

}  // namespace

std::uint64_t Fnv1a64(std::string_view text) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;  // the FNV offset basis
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;  // the FNV prime
    }
    return hash;
}

std::optional<Shard> ParseShard(std::string_view text, std::string& error) {
    const auto slash = text.find('/');
    const int index = slash == std::string_view::npos ? 0 : ShardNumber(text.substr(0, slash));
    const int count = slash == std::string_view::npos ? 0 : ShardNumber(text.substr(slash + 1));
    // (A stream, not string +: GCC 12 misreports -Wrestrict on the inlined appends.)
    std::ostringstream message;
    if (index == 0 || count == 0)
        message << "'" << text << "' is not K/N, shard K of N counted from 1 (1/4 ... 4/4; N at "
                << "most " << kMaxShards << ")";
    else if (index > count)
        message << text << ": K must be between 1 and N (shards are counted from 1: 1/" << count
                << " ... " << count << "/" << count << ")";
    else
        return Shard{index, count};
    error = message.str();
    return std::nullopt;
}

bool InShard(std::string_view file, const Shard& shard) {
    return Fnv1a64(file) % static_cast<std::uint64_t>(shard.count) ==
           static_cast<std::uint64_t>(shard.index - 1);
}

std::string ShardTag(const Shard& shard) {
    std::ostringstream tag;
    tag << "shard-" << shard.index << "-of-" << shard.count;
    return tag.str();
}

std::string ResultsFileName(const std::optional<Shard>& shard) {
    std::string name(kResultsStem);
    if (shard) name.append(".").append(ShardTag(*shard));
    return name.append(kResultsExtension);
}

std::optional<Shard> ShardOfResultsFile(std::string_view fileName) {
    constexpr std::string_view kPrefix = "results.shard-", kOf = "-of-";
    constexpr std::string_view kSuffix = kResultsExtension;
    if (!fileName.starts_with(kPrefix) || !fileName.ends_with(kSuffix)) return std::nullopt;
    const std::string_view tag =
        fileName.substr(kPrefix.size(), fileName.size() - kPrefix.size() - kSuffix.size());
    const auto of = tag.find(kOf);
    if (of == std::string_view::npos) return std::nullopt;
    const int index = ShardNumber(tag.substr(0, of));
    const int count = ShardNumber(tag.substr(of + kOf.size()));
    if (index == 0 || count == 0) return std::nullopt;
    return Shard{index, count};
}

}  // namespace sudokucam
