// The shard of a file in a sharded `sudokucam batch`: FNV-1a 64 against its published test
// values (so the hash is the same on every machine and build), K/N parsing, and the shards
// splitting a set of names into disjoint parts, the same ones each time.

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "app/Shard.h"

namespace sudokucam {
namespace {

TEST(Shard, HashIsFnv1a64) {
    // The reference values of the FNV test suite (Fowler, Noll, Vo).
    EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ULL);
    EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
    EXPECT_EQ(Fnv1a64("foobar"), 0x85944171f73967e8ULL);
    // Bytes above 0x7f are hashed unsigned, whatever the signedness of char.
    EXPECT_EQ(Fnv1a64("\xff"), (0xcbf29ce484222325ULL ^ 0xffULL) * 0x100000001b3ULL);
}

TEST(Shard, ParsesKOfNCountedFromOne) {
    std::string error;
    const auto shard = ParseShard("2/8", error);
    ASSERT_TRUE(shard) << error;
    EXPECT_EQ(shard->index, 2);
    EXPECT_EQ(shard->count, 8);
    EXPECT_TRUE(ParseShard("1/1", error));
    EXPECT_TRUE(ParseShard("8/8", error));
    EXPECT_EQ(ShardTag(*shard), "shard-2-of-8");
}

TEST(Shard, RefusesWhatIsNotKOfN) {
    for (const char* bad : {"0/3", "4/3", "3", "/3", "1/", "a/b", "-1/3", "1/0", " 1/3", "1/3 ",
                            "1.5/3", "1/2/3", "", "1/99999999999", "1/1000001"}) {
        std::string error;
        EXPECT_FALSE(ParseShard(bad, error)) << bad;
        EXPECT_FALSE(error.empty()) << bad;
    }
    std::string error;
    ParseShard("0/3", error);
    EXPECT_NE(error.find("counted from 1"), std::string::npos) << error;
    ParseShard("4/3", error);
    EXPECT_NE(error.find("between 1 and N"), std::string::npos) << error;
}

TEST(Shard, ResultsFileNamesGiveTheirShard) {
    const auto shard = ShardOfResultsFile("results.shard-2-of-8.jsonl");
    ASSERT_TRUE(shard.has_value());
    EXPECT_EQ(shard->index, 2);
    EXPECT_EQ(shard->count, 8);
    EXPECT_EQ(ResultsFileName(Shard{7, 12}), "results.shard-7-of-12.jsonl");
    EXPECT_EQ(ResultsFileName(std::nullopt), "results.jsonl");
    EXPECT_EQ(ShardOfResultsFile(ResultsFileName(Shard{7, 12}))->count, 12);
    for (const char* other :
         {"results.jsonl", "results.shard-2-of-8.json", "results.shard-0-of-8.jsonl",
          "results.shard-2-of-.jsonl", "results.shard--2-of-8.jsonl", "x.shard-2-of-8.jsonl",
          "results.shard-2-of-99999999999999999999.jsonl", "results.shard-2of8.jsonl"})
        EXPECT_FALSE(ShardOfResultsFile(other).has_value()) << other;
}

TEST(Shard, EveryNameIsInExactlyOneShardAndTheSameEachTime) {
    const int count = 7;
    std::map<int, int> sizes;
    for (int i = 0; i < 7000; ++i) {
        const std::string name =
            "photos/day" + std::to_string(i % 30) + "/img" + std::to_string(i) + ".jpg";
        int in = 0;
        for (int k = 1; k <= count; ++k)
            if (InShard(name, {k, count})) {
                ++in;
                ++sizes[k];
                EXPECT_EQ(static_cast<int>(Fnv1a64(name) % count), k - 1);
            }
        EXPECT_EQ(in, 1) << name;
        EXPECT_TRUE(InShard(name, {1, 1}));
    }
    // Spread about evenly: 1000 a shard expected.
    for (const auto& [k, size] : sizes)
        EXPECT_NEAR(size, 1000, 150) << "shard " << k;
    // A fixed name's shard never changes (a re-run, another machine): pinned here.
    EXPECT_EQ(Fnv1a64("photos/image1.jpg") % 3, 1u);  // computed apart, in Python
}

}  // namespace
}  // namespace sudokucam
