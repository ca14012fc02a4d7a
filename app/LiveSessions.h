#pragma once
// The page's live camera on the server: each page that has its camera open sends frames under a
// session id of its own, and gets the grid followed in them by its own sudoku::LiveSession, the
// same tracking, reading cache and known-board logic as `sudokucam live`. The page draws the
// answer itself from the corners and the reading, so only numbers travel back.

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <opencv2/core.hpp>

#include "app/PuzzleJson.h"
#include "vision/tracking/LiveSession.h"

namespace sudokucam {

class LiveSessions {
public:
    // At most `maxSessions` cameras at once; one idle for `idle` makes room for a new one.
    LiveSessions(sudoku::ReaderOptions reader, std::size_t maxSessions, std::chrono::seconds idle);

    // The kind of puzzle a page's camera looks for, as the page's photo choices say it.
    struct Kind {
        sudoku::Variant variant = sudoku::Variant::Classic;
        int size = 9;
        bool operator==(const Kind&) const = default;
    };

    // Follows the grid in the session's next frame (8-bit BGR), read as `kind`: {"grid": four
    // corners or null, "overlay": whether the answer can be drawn, "reading": the read --json
    // object of the board when it can}. A session asked for another kind than its last frame
    // starts afresh. Throws ApiError: 400 for a malformed id, 409 when the session's previous
    // frame is still being processed (the page sends one at a time), 503 when every session is
    // in use.
    OrderedJson process(const std::string& id, const Kind& kind, cv::Mat& frame);
    // Forgets a session (the page closed its camera); false when there was none.
    bool close(const std::string& id);

private:
    struct Session {
        Session(const sudoku::LiveOptions& options, const Kind& asked);
        sudoku::LiveSession live;
        Kind kind;
        std::mutex busy;
        std::chrono::steady_clock::time_point lastUsed;
    };

    std::shared_ptr<Session> find(const std::string& id, const Kind& kind);

    sudoku::LiveOptions options_;
    std::size_t maxSessions_;
    std::chrono::seconds idle_;
    std::mutex mutex_;  // guards sessions_ and each session's lastUsed
    std::map<std::string, std::shared_ptr<Session>> sessions_;
};

}  // namespace sudokucam
