// parser::parseIosFamily: lexes and parses each file of a device with the IOS grammar and
// walks the trees into one model::Device.
#include <memory>

#include "IosLexer.h"
#include "IosParser.h"
#include "antlr4-runtime.h"
#include "model/utf8.h"
#include "parser/byte_char_stream.h"
#include "parser/ios/config_walker.h"
#include "parser/ios/keyword_abbreviations.h"
#include "parser/parser.h"
#include "parser/thread_dfa_cache.h"

namespace routefix::parser {

namespace {

// Keeps valid UTF-8 sequences and turns every other byte into '?', so that names and
// descriptions in the model (and the JSON printed from it) are text.
std::string validUtf8(const std::string& in) {
  std::string out;
  out.reserve(in.size() + 1);
  size_t i = 0;
  while (i < in.size()) {
    auto byte = [&](size_t k) { return static_cast<unsigned char>(in[k]); };
    unsigned char c = byte(i);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool ok = len > 0 && i + len <= in.size();
    for (size_t k = 1; ok && k < len; ++k) ok = (byte(i + k) & 0xC0) == 0x80;
    if (ok && len > 1) {
      uint32_t cp = c & (0xFF >> (len + 1));
      for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (byte(i + k) & 0x3F);
      static const uint32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
      ok = cp >= minimum[len] && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
    }
    if (ok) {
      out.append(in, i, len);
      i += len;
    } else {
      out += '?';
      ++i;
    }
  }
  if (out.empty() || out.back() != '\n') out += '\n';  // every line ends in NEWLINE
  return out;
}

// The lexer ends a line at a lone '\r' as at '\n', but ANTLR numbers lines by '\n' alone: a file
// with old Mac line endings would have its tokens' lines disagree with the line table below,
// and a statement be read from another line. Such '\r's become '\n'.
size_t nextLoneCarriageReturn(const std::string& text, size_t from) {
  for (size_t i = text.find('\r', from); i != std::string::npos; i = text.find('\r', i + 1))
    if (i + 1 == text.size() || text[i + 1] != '\n') return i;
  return std::string::npos;
}

// Views into `text`, which outlives them (a copy of every line doubled a large file's memory).
std::vector<std::string_view> splitLines(const std::string& text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find_first_of("\r\n", start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(std::string_view(text).substr(start, end - start));
    // "\r\n" is one line break, as in the lexer (a lone '\r' is a '\n' by now).
    start = end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1);
  }
  return lines;
}

// Syntax errors cannot normally happen (every line has a catch-all), but if the parser
// ever reports one it becomes a warning on that line, never an exception.
class WarningErrorListener : public antlr4::BaseErrorListener {
 public:
  WarningErrorListener(ios::DeviceBuilder& out, const std::string& file,
                       const std::vector<std::string_view>& lines)
      : out_(out), file_(file), lines_(lines) {}

  void syntaxError(antlr4::Recognizer*, antlr4::Token*, size_t line, size_t,
                   const std::string& message, std::exception_ptr) override {
    std::string text = line >= 1 && line <= lines_.size() ? std::string(lines_[line - 1]) : "";
    out_.warn(file_, static_cast<int>(line), text, "syntax error: " + message);
  }

 private:
  ios::DeviceBuilder& out_;
  const std::string& file_;
  const std::vector<std::string_view>& lines_;
};

// FRR reads its config through the CLI, which takes any unique abbreviation of a command
// word; IOS configs are read as `show running-config` prints them, spelled out.
bool acceptsAbbreviations(model::Vendor dialect) { return dialect == model::Vendor::Frr; }

const ios::KeywordAbbreviations& keywordAbbreviations(const grammar::ios::IosParser& parser) {
  using P = grammar::ios::IosParser;
  static const ios::KeywordAbbreviations table(parser.getATN(), parser.getVocabulary(),
                                               P::RuleStatement, {P::RuleName, P::RuleKeyword},
                                               P::NEWLINE);
  return table;
}

void parseFile(const ConfigFile& file, model::Vendor dialect, ios::DeviceBuilder& out) {
  // The lexer reads the file in place when it is clean; a large file is not copied.
  std::string cleaned;
  bool clean = !file.text.empty() && file.text.back() == '\n' && model::isValidUtf8(file.text) &&
               nextLoneCarriageReturn(file.text, 0) == std::string::npos;
  if (!clean) {
    cleaned = validUtf8(file.text);
    for (size_t i = nextLoneCarriageReturn(cleaned, 0); i != std::string::npos; i = nextLoneCarriageReturn(cleaned, i))
      cleaned[i] = '\n';
  }
  const std::string& text = clean ? file.text : cleaned;
  std::vector<std::string_view> lines = splitLines(text);
  WarningErrorListener errors(out, file.path, lines);

  ByteCharStream input(text, file.path);
  grammar::ios::IosLexer lexer(&input);
  useThreadDfaCache<antlr4::atn::LexerATNSimulator>(lexer);
  lexer.removeErrorListeners();
  lexer.addErrorListener(&errors);
  antlr4::CommonTokenStream tokens(&lexer);
  grammar::ios::IosParser parser(&tokens);
  useThreadDfaCache<antlr4::atn::ParserATNSimulator>(parser);
  if (acceptsAbbreviations(dialect)) keywordAbbreviations(parser).expand(tokens);
  parser.removeErrorListeners();
  parser.addErrorListener(&errors);
  // Every decision is line-local, so SLL prediction is exact here, and much faster.
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
  auto* tree = parser.config();
  ios::ConfigWalker(out, file.path, lines).walk(tree);
}

}  // namespace

DeviceParse parseIosFamily(const std::vector<ConfigFile>& files, model::Vendor dialect) {
  ios::DeviceBuilder out(dialect);
  for (const auto& f : files) {
    out.device().files.push_back(f.path);
    parseFile(f, dialect, out);
  }
  return out.finish();
}

}  // namespace routefix::parser
