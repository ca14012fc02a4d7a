#include "app/LiveSessions.h"

#include <algorithm>

#include "app/GameApi.h"
#include "app/ReadingJson.h"

namespace sudokucam {
namespace {

// A page makes its id with crypto.randomUUID(); anything else is refused before it is stored.
bool IsSessionId(const std::string& id) {
    return !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-';
    });
}

OrderedJson CornersJson(const std::array<cv::Point2f, 4>& corners) {
    OrderedJson list = OrderedJson::array();
    for (const cv::Point2f& p : corners)
        list.push_back({p.x, p.y});
    return list;
}

sudoku::LiveOptions OptionsFor(sudoku::LiveOptions options, const LiveSessions::Kind& kind) {
    options.reader.variant = kind.variant;
    options.reader.size = kind.size;
    return options;
}

}  // namespace

LiveSessions::Session::Session(const sudoku::LiveOptions& options, const Kind& asked)
    : live(OptionsFor(options, asked)), kind(asked) {}

LiveSessions::LiveSessions(sudoku::ReaderOptions reader, std::size_t maxSessions,
                           std::chrono::seconds idle)
    : maxSessions_(maxSessions), idle_(idle) {
    options_.reader = std::move(reader);
    options_.drawOverlay = false;
}

std::shared_ptr<LiveSessions::Session> LiveSessions::find(const std::string& id, const Kind& kind) {
    if (!IsSessionId(id))
        throw ApiError(400, "'session' must be 1-64 letters, digits or '-' (crypto.randomUUID())");
    const auto now = std::chrono::steady_clock::now();
    const std::lock_guard lock(mutex_);
    auto it = sessions_.find(id);
    // Another kind chosen on the page: what was followed and read is of no use any more. A frame
    // still being processed keeps its own session alive until it is done.
    if (it != sessions_.end() && it->second->kind != kind) {
        sessions_.erase(it);
        it = sessions_.end();
    }
    if (it == sessions_.end()) {
        // Make room: the session idle the longest goes, if it has been idle long enough.
        if (sessions_.size() >= maxSessions_) {
            auto oldest = std::min_element(sessions_.begin(), sessions_.end(),
                                           [](const auto& a, const auto& b) {
                                               return a.second->lastUsed < b.second->lastUsed;
                                           });
            if (now - oldest->second->lastUsed < idle_)
                throw ApiError(503, "busy: every live camera slot is in use; retry in a moment");
            sessions_.erase(oldest);
        }
        it = sessions_.emplace(id, std::make_shared<Session>(options_, kind)).first;
    }
    it->second->lastUsed = now;
    return it->second;
}

OrderedJson LiveSessions::process(const std::string& id, const Kind& kind, cv::Mat& frame) {
    const std::shared_ptr<Session> session = find(id, kind);
    const std::unique_lock busy(session->busy, std::try_to_lock);
    if (!busy.owns_lock())
        throw ApiError(409, "the previous frame of this camera is still being processed");
    const sudoku::FrameReport report = session->live.process(frame);
    OrderedJson answer = {{"grid", report.grid ? CornersJson(*report.grid) : OrderedJson(nullptr)},
                          {"overlay", report.overlay},
                          {"width", frame.cols},
                          {"height", frame.rows}};
    const auto& reading = session->live.reading();
    if (report.overlay && reading) answer["reading"] = ReadingAnswer("camera", *reading);
    return answer;
}

bool LiveSessions::close(const std::string& id) {
    const std::lock_guard lock(mutex_);
    return sessions_.erase(id) > 0;
}

}  // namespace sudokucam
