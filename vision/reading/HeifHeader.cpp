#include "vision/reading/HeifHeader.h"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

namespace sudoku {
namespace {

using Bytes = std::span<const std::uint8_t>;

constexpr std::uint32_t FourCc(const char (&name)[5]) {
    return (std::uint32_t(std::uint8_t(name[0])) << 24) |
           (std::uint32_t(std::uint8_t(name[1])) << 16) |
           (std::uint32_t(std::uint8_t(name[2])) << 8) | std::uint32_t(std::uint8_t(name[3]));
}

std::uint32_t Be16(Bytes b, std::size_t at) {
    return (std::uint32_t(b[at]) << 8) | b[at + 1];
}
std::uint32_t Be32(Bytes b, std::size_t at) {
    return (Be16(b, at) << 16) | Be16(b, at + 2);
}

struct Box {
    std::uint32_t type = 0;
    Bytes body;  // what follows the box's header, cut to the bytes there are
};

// The boxes that follow one another in `bytes`, one at a time. A box whose size runs past the
// end is cut to what is there, so that a file read only in part (the batch reads the first
// 256 KB) still shows its header; an impossible size ends the list.
class BoxReader {
public:
    explicit BoxReader(Bytes bytes) : bytes_(bytes) {}

    std::optional<Box> next() {
        if (at_ + 8 > bytes_.size()) return std::nullopt;
        std::uint64_t size = Be32(bytes_, at_);
        std::size_t header = 8;
        if (size == 1) {  // a 64-bit size follows the type
            if (at_ + 16 > bytes_.size()) return std::nullopt;
            size = (std::uint64_t(Be32(bytes_, at_ + 8)) << 32) | Be32(bytes_, at_ + 12);
            header = 16;
        } else if (size == 0) {  // the box runs to the end
            size = bytes_.size() - at_;
        }
        if (size < header) return std::nullopt;
        const std::size_t length = std::min<std::uint64_t>(size, bytes_.size() - at_);
        Box box{Be32(bytes_, at_ + 4), bytes_.subspan(at_ + header, length - header)};
        at_ += length;
        return box;
    }

private:
    Bytes bytes_;
    std::size_t at_ = 0;
};

std::optional<Box> FindBox(Bytes bytes, std::uint32_t type) {
    BoxReader boxes(bytes);
    while (std::optional<Box> box = boxes.next())
        if (box->type == type) return box;
    return std::nullopt;
}

// A full box's body starts with its version (1 byte) and flags (3 bytes).
int Version(const Box& box) {
    return box.body.empty() ? -1 : box.body[0];
}
std::uint32_t Flags(const Box& box) {
    return box.body.size() < 4 ? 0 : Be32(box.body, 0) & 0xFFFFFF;
}

// The primary item's ID (pitm), 0 when there is none.
std::uint32_t PrimaryItem(Bytes metaChildren) {
    const std::optional<Box> pitm = FindBox(metaChildren, FourCc("pitm"));
    if (!pitm) return 0;
    if (Version(*pitm) == 0 && pitm->body.size() >= 6) return Be16(pitm->body, 4);
    if (pitm->body.size() >= 8) return Be32(pitm->body, 4);
    return 0;
}

// The 1-based indices into ipco of the properties that an ipma box associates with `item`; at
// most kMaxProperties of them (an item has a handful).
constexpr std::size_t kMaxProperties = 32;
std::vector<std::uint32_t> Associations(const Box& ipma, std::uint32_t item) {
    const Bytes b = ipma.body;
    const bool wideIds = Version(ipma) >= 1, wideIndices = (Flags(ipma) & 1) != 0;
    std::vector<std::uint32_t> indices;
    if (b.size() < 8) return indices;
    const std::uint32_t entries = Be32(b, 4);
    std::size_t at = 8;
    for (std::uint32_t e = 0; e < entries; ++e) {
        if (at + (wideIds ? 5 : 3) > b.size()) break;
        const std::uint32_t id = wideIds ? Be32(b, at) : Be16(b, at);
        at += wideIds ? 4 : 2;
        const std::size_t count = b[at++];
        const std::size_t width = wideIndices ? 2 : 1;
        for (std::size_t k = 0; k < count && at + width <= b.size(); ++k, at += width) {
            if (id != item || indices.size() >= kMaxProperties) continue;
            // The top bit says whether the property is essential; the rest is the index.
            indices.push_back(wideIndices ? Be16(b, at) & 0x7FFF : b[at] & 0x7F);
        }
        if (id == item) break;
    }
    return indices;
}

// The size in the first of these ipco properties that is an 'ispe'.
cv::Size IspeAmong(Bytes ipco, const std::vector<std::uint32_t>& indices) {
    constexpr std::uint64_t kMax = 0x7FFFFFFF;  // sides above INT_MAX are clamped, not wrapped
    BoxReader properties(ipco);
    std::uint32_t index = 0;
    while (std::optional<Box> property = properties.next()) {
        ++index;
        if (property->type != FourCc("ispe") || property->body.size() < 12) continue;
        if (std::find(indices.begin(), indices.end(), index) == indices.end()) continue;
        return {static_cast<int>(std::min<std::uint64_t>(Be32(property->body, 4), kMax)),
                static_cast<int>(std::min<std::uint64_t>(Be32(property->body, 8), kMax))};
    }
    return {};
}

}  // namespace

bool IsHeif(Bytes bytes) {
    if (bytes.size() < 16 || Be32(bytes, 4) != FourCc("ftyp")) return false;
    const std::optional<Box> ftyp = BoxReader(bytes).next();
    if (!ftyp || ftyp->body.size() < 8) return false;
    constexpr std::array kBrands = {FourCc("heic"), FourCc("heix"), FourCc("heim"),
                                    FourCc("heis"), FourCc("mif1"), FourCc("avif")};
    const auto isHeif = [&](std::uint32_t brand) {
        return std::find(kBrands.begin(), kBrands.end(), brand) != kBrands.end();
    };
    if (isHeif(Be32(ftyp->body, 0))) return true;
    // The minor version (4 bytes) comes between the major brand and the compatible ones.
    for (std::size_t at = 8; at + 4 <= ftyp->body.size(); at += 4)
        if (isHeif(Be32(ftyp->body, at))) return true;
    return false;
}

cv::Size HeifSize(Bytes bytes) {
    const std::optional<Box> meta = FindBox(bytes, FourCc("meta"));
    if (!meta || meta->body.size() < 4) return {};
    const Bytes children = meta->body.subspan(4);  // after the version and flags
    const std::uint32_t primary = PrimaryItem(children);
    const std::optional<Box> iprp = FindBox(children, FourCc("iprp"));
    if (primary == 0 || !iprp) return {};
    const std::optional<Box> ipco = FindBox(iprp->body, FourCc("ipco"));
    if (!ipco) return {};
    // ipco comes first in iprp; the ipma boxes after it.
    BoxReader boxes(iprp->body);
    while (std::optional<Box> box = boxes.next()) {
        if (box->type != FourCc("ipma")) continue;
        const std::vector<std::uint32_t> indices = Associations(*box, primary);
        if (!indices.empty()) return IspeAmong(ipco->body, indices);
    }
    return {};
}

}  // namespace sudoku
