// Blackbox tests of `sudokucam eval`, the benchmark the README's reading figures come from: the
// built program run on a folder laid out like the dataset, made of the sample photo (or of a
// training photo).

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/ProgramRun.h"
#include "tests/TestFiles.h"
#include "tests/TrainingPhotos.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
const fs::path kSamples = fs::path(SUDOKU_SOURCE_DIR) / "samples";

// A folder `printed/` holding the sample photo and its ground truth, as the dataset lays it out.
fs::path SampleFolder(const std::string& name, const std::string& truth) {
    const fs::path printed = FreshDir(name) / "printed";
    fs::create_directories(printed);
    fs::copy_file(kSamples / "newspaper.jpg", printed / "newspaper.jpg");
    WriteText(printed / "newspaper.dat", truth);
    return printed;
}

nlohmann::json EvalJson(const std::string& arguments) {
    const ProgramRun run = RunProgram("eval " + arguments + " --json");
    EXPECT_EQ(run.code, 0) << run.err;
    return nlohmann::json::parse(run.out);
}

TEST(EvalCommand, ScoresTheSamplePhotoAgainstItsTruthOnOneThread) {
    const fs::path dir = SampleFolder("eval_right", ReadText(kSamples / "newspaper.dat"));
    const nlohmann::json j = EvalJson(Quote(dir.string()));
    EXPECT_EQ(j["images"], 1);
    EXPECT_EQ(j["found"], 1);
    EXPECT_EQ(j["exact"], 1);
    EXPECT_EQ(j["solved"], 1);
    EXPECT_EQ(j["invented"], 0);
    EXPECT_EQ(j["printed_digits"], j["printed_right"]);
    EXPECT_GT(j["printed_digits"].get<int>(), 16);
    // The times are one core's unless asked otherwise.
    EXPECT_EQ(j["threads"], 1);
    EXPECT_GT(j["median_ms"].get<double>(), 0.0);
    EXPECT_EQ(EvalJson(Quote(dir.string()) + " --threads 0")["threads"], 0);
}

// A phone's HEIC beside its truth is scored like a JPEG (tests/data/newspaper.heic).
TEST(EvalCommand, ScoresAHeicPhotoToo) {
    const fs::path printed = FreshDir("eval_heic") / "printed";
    fs::create_directories(printed);
    fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests" / "data" / "newspaper.heic",
                  printed / "IMG_0001.HEIC");
    WriteText(printed / "IMG_0001.dat", ReadText(kSamples / "newspaper.dat"));
    const nlohmann::json j = EvalJson(Quote(printed.string()));
    EXPECT_EQ(j["images"], 1);
    EXPECT_EQ(j["exact"], 1);
}

TEST(EvalCommand, ADigitTheTruthDoesNotHaveIsCountedAsInvented) {
    // The truth with its first given erased: the photo's digit there is now "invented".
    std::string truth = ReadText(kSamples / "newspaper.dat");
    const std::size_t grid =
        truth.find_first_of("123456789", truth.find('\n', truth.find('\n') + 1));
    ASSERT_NE(grid, std::string::npos);
    truth[grid] = '0';
    const fs::path dir = SampleFolder("eval_wrong", truth);
    const nlohmann::json j = EvalJson(Quote(dir.string()));
    EXPECT_EQ(j["exact"], 0);
    EXPECT_EQ(j["invented"], 1);
    ASSERT_EQ(j["wrong"].size(), 1u);
    EXPECT_NE(j["wrong"][0].get<std::string>().find("expected ."), std::string::npos) << j["wrong"];
}

// The entries the check calls wrong are listed with the truth's digit: in the training photo
// image1036 the digit pasted in at r6c6 is a 7 where the truth has 4, a real mistake the check
// finds (EntryCheckTest), which `eval` counts as a misread too.
TEST(EvalCommand, ListsTheEntriesCalledWrong) {
    const fs::path source = kDataset / "mixed" / "image1036.jpg";
    if (!fs::exists(source)) GTEST_SKIP() << "no dataset at " << kDataset;
    const fs::path root = FreshDir("eval_called_wrong");
    fs::create_directories(root / "printed");
    fs::create_directories(root / "mixed");
    fs::copy_file(kDataset / "printed" / "image1036.dat", root / "printed" / "image1036.dat");
    fs::copy_file(source, root / "mixed" / "image1036.jpg");
    fs::copy_file(kDataset / "mixed" / "image1036.dat", root / "mixed" / "image1036.dat");
    const nlohmann::json j = EvalJson(Quote((root / "mixed").string()) + " --mixed");
    EXPECT_EQ(j["solved"], 1);
    EXPECT_EQ(j["entries_called_wrong"], 1);
    EXPECT_EQ(j["called_wrong"], nlohmann::json::array({"image1036.jpg: r6c6 read 7 (truth 4)"}));
    const ProgramRun text = RunProgram("eval " + Quote((root / "mixed").string()) + " --mixed");
    EXPECT_NE(text.out.find("  called wrong image1036.jpg: r6c6 read 7 (truth 4)\n"),
              std::string::npos)
        << text.out;
}

TEST(EvalCommand, AFolderWithoutPhotosIsAUsageError) {
    const fs::path empty = FreshDir("eval_empty");
    const ProgramRun run = RunProgram("eval " + Quote(empty.string()));
    EXPECT_NE(run.code, 0);
    EXPECT_NE(run.err.find("no photo with a .dat"), std::string::npos) << run.err;
    const ProgramRun threads = RunProgram("eval " + Quote(empty.string()) + " --threads -1");
    EXPECT_NE(threads.code, 0);
    EXPECT_NE(threads.err.find("--threads"), std::string::npos) << threads.err;
}

}  // namespace
}  // namespace sudoku
