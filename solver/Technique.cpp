#include "solver/Technique.h"

#include <array>

namespace sudoku {
namespace {

struct TechniqueInfo {
    std::string_view name;
    std::string_view id;
    Difficulty level;
    int score;
};

// Levels follow the common human-solver scales: singles are easy; locked candidates and pairs
// medium; triples, quads and basic fish hard; wings, colouring and unique rectangles expert;
// larger fish and chains extreme.
constexpr std::array<TechniqueInfo, kTechniqueCount> kInfo = {{
    {"Naked single", "naked-single", Difficulty::Easy, 1},
    {"Hidden single", "hidden-single", Difficulty::Easy, 1},
    {"Locked candidates (pointing)", "pointing", Difficulty::Medium, 5},
    {"Locked candidates (claiming)", "claiming", Difficulty::Medium, 5},
    {"Naked pair", "naked-pair", Difficulty::Medium, 8},
    {"Hidden pair", "hidden-pair", Difficulty::Medium, 10},
    {"Naked triple", "naked-triple", Difficulty::Hard, 15},
    {"Hidden triple", "hidden-triple", Difficulty::Hard, 18},
    {"Naked quad", "naked-quad", Difficulty::Hard, 25},
    {"Hidden quad", "hidden-quad", Difficulty::Hard, 30},
    {"X-Wing", "x-wing", Difficulty::Hard, 25},
    {"Swordfish", "swordfish", Difficulty::Expert, 40},
    {"Jellyfish", "jellyfish", Difficulty::Extreme, 60},
    {"XY-Wing", "xy-wing", Difficulty::Expert, 35},
    {"XYZ-Wing", "xyz-wing", Difficulty::Expert, 40},
    {"W-Wing", "w-wing", Difficulty::Expert, 40},
    {"Simple colouring", "simple-colouring", Difficulty::Expert, 45},
    {"Unique rectangle type 1", "unique-rectangle-1", Difficulty::Expert, 35},
    {"Unique rectangle type 2", "unique-rectangle-2", Difficulty::Expert, 40},
    {"Unique rectangle type 3", "unique-rectangle-3", Difficulty::Expert, 45},
    {"Unique rectangle type 4", "unique-rectangle-4", Difficulty::Expert, 45},
    {"X-Chain", "x-chain", Difficulty::Extreme, 60},
    {"XY-Chain", "xy-chain", Difficulty::Extreme, 70},
    {"Alternating inference chain", "aic", Difficulty::Extreme, 80},
    {"ALS chain", "als-chain", Difficulty::Extreme, 90},
}};

const TechniqueInfo& Info(Technique t) {
    return kInfo[static_cast<int>(t)];
}

}  // namespace

std::string_view TechniqueName(Technique t) {
    return Info(t).name;
}
std::string_view TechniqueId(Technique t) {
    return Info(t).id;
}
Difficulty TechniqueLevel(Technique t) {
    return Info(t).level;
}
int TechniqueScore(Technique t) {
    return Info(t).score;
}

Technique HardestUpTo(Difficulty level) {
    Technique hardest = Technique::NakedSingle;
    for (int t = 0; t < kTechniqueCount; ++t)
        if (TechniqueLevel(static_cast<Technique>(t)) <= level) hardest = static_cast<Technique>(t);
    return hardest;
}

std::string_view DifficultyName(Difficulty d) {
    static constexpr std::array<std::string_view, 5> names = {"easy", "medium", "hard", "expert",
                                                              "extreme"};
    return names[static_cast<int>(d)];
}

}  // namespace sudoku
