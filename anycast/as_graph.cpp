#include "anycast/as_graph.h"

#include <bzlib.h>
#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <set>
#include <utility>

#include "model/input_error.h"
#include "model/input_file.h"

namespace routefix::anycast {

using model::InputError;

namespace {

// Builds one CSR relation from (from, to) pairs.
void buildCsr(size_t node_count, std::vector<std::pair<AsIndex, AsIndex>>& pairs,
              std::vector<uint32_t>& offsets, std::vector<AsIndex>& targets) {
  std::sort(pairs.begin(), pairs.end());
  offsets.assign(node_count + 1, 0);
  for (const auto& [from, to] : pairs) ++offsets[from + 1];
  for (size_t i = 0; i < node_count; ++i) offsets[i + 1] += offsets[i];
  targets.resize(pairs.size());
  for (size_t i = 0; i < pairs.size(); ++i) targets[i] = pairs[i].second;
}

bool parseNumber(std::string_view field, long long& value) {
  while (!field.empty() && (field.front() == ' ' || field.front() == '\t')) field.remove_prefix(1);
  while (!field.empty() && (field.back() == ' ' || field.back() == '\t' || field.back() == '\r'))
    field.remove_suffix(1);
  if (field.empty()) return false;
  auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  return ec == std::errc() && ptr == field.data() + field.size();
}

// The 1-based line a cut-off decompressed text ends on, for truncation errors.
int lastLine(const std::string& text) {
  return 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

void checkDecompressedSize(const std::string& out, const std::string& path) {
  if (out.size() > model::kMaxInputFileBytes)
    throw InputError("decompresses to more than " + std::to_string(model::kMaxInputFileBytes >> 20) +
                         " MiB; refusing to read it",
                     path);
}

// From memory, so that a stream cut short is told from one that ended (gzread reports a
// truncation between lines as a clean end of file).
std::string decompressGzip(const std::string& compressed, const std::string& path) {
  z_stream stream{};
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) throw InputError("cannot start gzip", path);
  std::string out;
  std::vector<char> buffer(1 << 16);
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  stream.avail_in = static_cast<uInt>(compressed.size());
  int rc = Z_OK;
  while (rc == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(buffer.data());
    stream.avail_out = static_cast<uInt>(buffer.size());
    rc = inflate(&stream, Z_NO_FLUSH);
    out.append(buffer.data(), buffer.size() - stream.avail_out);
    checkDecompressedSize(out, path);
    // Concatenated members (gzip -c a b): the next one starts after each member's end.
    if (rc == Z_STREAM_END && stream.avail_in > 0 && inflateReset(&stream) == Z_OK) rc = Z_OK;
    else if (rc == Z_BUF_ERROR || (rc == Z_OK && stream.avail_in == 0 && stream.avail_out != 0))
      rc = Z_BUF_ERROR;
  }
  std::string message = stream.msg ? stream.msg : "";
  inflateEnd(&stream);
  if (rc == Z_BUF_ERROR)
    throw InputError("truncated gzip data: the file ends inside the compressed stream", path, lastLine(out));
  if (rc != Z_STREAM_END) throw InputError("corrupt gzip data: " + message, path, lastLine(out));
  return out;
}

std::string decompressBzip2(const std::string& compressed, const std::string& path) {
  bz_stream stream{};
  if (BZ2_bzDecompressInit(&stream, 0, 0) != BZ_OK) throw InputError("cannot start bzip2", path);
  std::string out;
  std::vector<char> buffer(1 << 16);
  stream.next_in = const_cast<char*>(compressed.data());
  stream.avail_in = static_cast<unsigned>(compressed.size());
  int rc = BZ_OK;
  while (rc == BZ_OK) {
    stream.next_out = buffer.data();
    stream.avail_out = static_cast<unsigned>(buffer.size());
    rc = BZ2_bzDecompress(&stream);
    out.append(buffer.data(), buffer.size() - stream.avail_out);
    checkDecompressedSize(out, path);
    // Concatenated streams (pbzip2 output): restart after each stream end.
    if (rc == BZ_STREAM_END && stream.avail_in > 0) {
      char* next = stream.next_in;
      unsigned left = stream.avail_in;
      BZ2_bzDecompressEnd(&stream);
      stream = bz_stream{};
      if (BZ2_bzDecompressInit(&stream, 0, 0) != BZ_OK) throw InputError("cannot restart bzip2", path);
      stream.next_in = next;
      stream.avail_in = left;
      rc = BZ_OK;
    } else if (rc == BZ_OK && stream.avail_in == 0 && stream.avail_out != 0) {
      rc = BZ_UNEXPECTED_EOF;
    }
  }
  BZ2_bzDecompressEnd(&stream);
  if (rc != BZ_STREAM_END) throw InputError("corrupt or truncated bzip2 data", path, lastLine(out));
  return out;
}

}  // namespace

AsGraph AsGraph::fromLinks(const std::vector<AsLink>& links) {
  AsGraph g;
  std::vector<Asn> asns;
  asns.reserve(links.size() * 2);
  for (const auto& l : links) {
    asns.push_back(l.a);
    asns.push_back(l.b);
  }
  std::sort(asns.begin(), asns.end());
  asns.erase(std::unique(asns.begin(), asns.end()), asns.end());
  g.asns_ = std::move(asns);
  g.index_.reserve(g.asns_.size());
  for (AsIndex i = 0; i < g.asns_.size(); ++i) g.index_.emplace(g.asns_[i], i);

  std::set<std::pair<AsIndex, AsIndex>> seen;  // unordered pair, first-listed relationship wins
  std::vector<std::pair<AsIndex, AsIndex>> up, down, across;
  for (const auto& l : links) {
    AsIndex a = g.index_.at(l.a), b = g.index_.at(l.b);
    if (a == b || !seen.insert(std::minmax(a, b)).second) continue;
    ++g.link_count_;
    if (l.rel == Relationship::ProviderToCustomer) {
      down.emplace_back(a, b);
      up.emplace_back(b, a);
    } else {
      across.emplace_back(a, b);
      across.emplace_back(b, a);
    }
  }
  size_t n = g.asns_.size();
  buildCsr(n, up, g.provider_offsets_, g.providers_);
  buildCsr(n, down, g.customer_offsets_, g.customers_);
  buildCsr(n, across, g.peer_offsets_, g.peers_);
  return g;
}

std::optional<AsIndex> AsGraph::find(Asn asn) const {
  auto it = index_.find(asn);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

std::optional<AsGraph::NeighbourKind> AsGraph::neighbourKind(AsIndex self, AsIndex neighbour) const {
  auto contains = [neighbour](std::span<const AsIndex> list) {
    return std::binary_search(list.begin(), list.end(), neighbour);
  };
  if (contains(providers(self))) return NeighbourKind::Provider;
  if (contains(customers(self))) return NeighbourKind::Customer;
  if (contains(peers(self))) return NeighbourKind::Peer;
  return std::nullopt;
}

AsGraph parseAsRelationships(const std::string& text, const std::string& file_name) {
  std::vector<AsLink> links;
  size_t pos = 0;
  int line_number = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + pos, end - pos);
    pos = end + 1;
    ++line_number;
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == '#') continue;

    std::string_view fields[4];
    size_t count = 0, start = 0;
    while (count < 4) {
      size_t bar = line.find('|', start);
      fields[count++] = line.substr(start, bar == std::string_view::npos ? bar : bar - start);
      if (bar == std::string_view::npos) break;
      start = bar + 1;
    }
    if (count < 3)
      throw InputError("expected as1|as2|rel[|source], got '" + std::string(line) + "'", file_name,
                       line_number);
    long long a, b, rel;
    if (!parseNumber(fields[0], a) || !parseNumber(fields[1], b) || a < 0 || b < 0 ||
        a > 0xffffffffLL || b > 0xffffffffLL)
      throw InputError("AS numbers must be integers in 0..4294967295 in '" + std::string(line) + "'",
                       file_name, line_number);
    if (!parseNumber(fields[2], rel) || (rel != -1 && rel != 0))
      throw InputError("relationship must be -1 (provider|customer) or 0 (peers), got '" +
                           std::string(fields[2]) + "'",
                       file_name, line_number);
    if (a == b) throw InputError("AS " + std::to_string(a) + " linked to itself", file_name, line_number);
    links.push_back({static_cast<Asn>(a), static_cast<Asn>(b),
                     rel == -1 ? Relationship::ProviderToCustomer : Relationship::PeerToPeer});
  }
  if (links.empty()) throw InputError("no AS relationships in file", file_name);
  return AsGraph::fromLinks(links);
}

std::string decompressIfCompressed(std::string raw, const std::string& path) {
  if (raw.size() >= 3 && raw.compare(0, 3, "BZh") == 0) return decompressBzip2(raw, path);
  if (raw.size() >= 2 && static_cast<unsigned char>(raw[0]) == 0x1f &&
      static_cast<unsigned char>(raw[1]) == 0x8b)
    return decompressGzip(raw, path);
  return raw;
}

std::string readMaybeCompressed(const std::string& path) {
  return decompressIfCompressed(model::readInputFile(path, path), path);
}

AsGraph loadAsRelationships(const std::string& path) {
  return parseAsRelationships(readMaybeCompressed(path), path);
}

}  // namespace routefix::anycast
