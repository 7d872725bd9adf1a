#include "parser/junos/set_path.h"

#include <algorithm>
#include <memory>

#include "JunosLexer.h"
#include "JunosParser.h"
#include "antlr4-runtime.h"
#include "model/utf8.h"
#include "parser/byte_char_stream.h"
#include "parser/thread_dfa_cache.h"

namespace routefix::parser::junos {

using junos_grammar::JunosLexer;
using junos_grammar::JunosParser;

bool SetPath::startsWith(const std::vector<std::string>& prefix) const {
  return prefix.size() <= words.size() && std::equal(prefix.begin(), prefix.end(), words.begin());
}

TextLines::TextLines(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (size_t i = text.find('\n'); i != std::string_view::npos; i = text.find('\n', i + 1))
    starts_.push_back(i + 1);
}

std::string TextLines::line(int number) const {
  if (number <= 0 || static_cast<size_t>(number) > starts_.size()) return {};
  size_t pos = starts_[number - 1];
  size_t end = text_.find('\n', pos);
  std::string_view s = text_.substr(pos, end == std::string_view::npos ? text_.npos : end - pos);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

bool isSetForm(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    line.remove_prefix(first);
    if (line[0] == '#' || line.rfind("/*", 0) == 0) continue;
    for (std::string_view verb : {"set ", "delete ", "deactivate ", "activate "})
      if (line.rfind(verb, 0) == 0) return true;
    return false;
  }
  return false;
}

namespace {

// Collects lexer and parser errors as warnings naming file and line.
class WarningErrorListener : public antlr4::BaseErrorListener {
 public:
  WarningErrorListener(const ConfigFile& file, const TextLines& lines,
                       std::vector<model::ParseWarning>& out)
      : file_(file), lines_(lines), out_(out) {}
  void syntaxError(antlr4::Recognizer*, antlr4::Token*, size_t line, size_t,
                   const std::string& msg, std::exception_ptr) override {
    out_.push_back({file_.path, static_cast<int>(line), lines_.line(static_cast<int>(line)),
                    "syntax error: " + msg});
  }

 private:
  const ConfigFile& file_;
  const TextLines& lines_;
  std::vector<model::ParseWarning>& out_;
};

std::string unquote(const std::string& s) {
  if (s.size() < 2 || s.front() != '"') return s;
  std::string out;
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] == '\\' && i + 2 < s.size()) ++i;
    out += s[i];
  }
  return out;
}

// One position of a statement: a word, or the alternatives of a bracketed list.
struct WordChoice {
  std::vector<std::string> values;
  int line = 0;
};

std::vector<WordChoice> statementWords(const std::vector<JunosParser::WordContext*>& words) {
  std::vector<WordChoice> out;
  for (auto* w : words) {
    if (!w || w->exception) continue;
    WordChoice choice;
    choice.line = static_cast<int>(w->getStart()->getLine());
    if (w->LBRACK()) {
      for (auto* item : w->items)
        if (item && item->getStart()) choice.values.push_back(unquote(item->getStart()->getText()));
    } else {
      choice.values.push_back(unquote(w->getStart()->getText()));
    }
    if (!choice.values.empty()) out.push_back(std::move(choice));
  }
  return out;
}

// Bracketed lists multiply: `a [ x y ] b [ z w ]` is four paths, and lists in nested block
// headers multiply again. Junos writes a list as one statement's values, so the paths of a
// file hold a few times as many words as the file (each leaf repeats its block headers); a
// file whose paths would hold many more is not read (62 lists in one statement hung the
// parser and took gigabytes, found by fuzz_driver).
struct ExpansionLimit {
  int line;
};

size_t pathBudget(size_t tokens) { return 64 * tokens + 4096; }  // words in all paths

// Expands bracketed lists: `members [ a b ]` -> two paths, `members a` and `members b`.
// Throws ExpansionLimit once the emitted paths hold `budget` words.
void expandChoices(const std::vector<WordChoice>& choices, size_t i, SetPath& current,
                   size_t& budget, const std::function<void(const SetPath&)>& emit) {
  if (i == choices.size()) {
    size_t cost = std::max<size_t>(1, current.words.size());
    if (cost > budget) throw ExpansionLimit{current.word_lines.empty() ? 0 : current.word_lines.back()};
    budget -= cost;
    emit(current);
    return;
  }
  for (const auto& v : choices[i].values) {
    current.words.push_back(v);
    current.word_lines.push_back(choices[i].line);
    expandChoices(choices, i + 1, current, budget, emit);
    current.words.pop_back();
    current.word_lines.pop_back();
  }
}

class BraceFlattener {
 public:
  BraceFlattener(std::vector<SetPath>& out, size_t& budget) : out_(out), budget_(budget) {}

  void statements(const std::vector<JunosParser::StatementContext*>& list, const SetPath& prefix) {
    for (auto* s : list) statement(s, prefix);
  }

 private:
  template <typename Ctx>
  static bool inactive(Ctx* ctx) {
    for (auto* m : ctx->modifier())
      if (m->INACTIVE()) return true;
    return false;
  }

  void statement(JunosParser::StatementContext* s, const SetPath& prefix) {
    if (auto* leaf = dynamic_cast<JunosParser::LeafStatementContext*>(s)) {
      if (inactive(leaf)) return;
      SetPath current = prefix;
      expandChoices(statementWords(leaf->words), 0, current, budget_, [&](const SetPath& p) {
        SetPath path = p;
        path.line = path.word_lines.empty() ? 0 : path.word_lines.back();
        out_.push_back(std::move(path));
      });
    } else if (auto* block = dynamic_cast<JunosParser::BlockStatementContext*>(s)) {
      if (inactive(block)) return;
      SetPath current = prefix;
      auto children = block->statement();
      expandChoices(statementWords(block->words), 0, current, budget_, [&](const SetPath& p) {
        size_t before = out_.size();
        statements(children, p);
        if (out_.size() == before) {  // `x { }` still says x exists
          SetPath path = p;
          path.line = path.word_lines.empty() ? 0 : path.word_lines.back();
          out_.push_back(std::move(path));
        }
      });
    }
  }

  std::vector<SetPath>& out_;
  size_t& budget_;
};

void flattenSetForm(JunosParser::SetConfigContext* tree, const ConfigFile& file,
                    const TextLines& lines, size_t& budget, FlatConfig& flat) {
  std::vector<SetPath> deactivated;
  for (auto* line : tree->setLine()) {
    if (auto* cmd = dynamic_cast<JunosParser::SetCommandContext*>(line)) {
      if (!cmd->verb) continue;
      SetPath current;
      current.file = file.path;
      std::vector<SetPath> paths;
      expandChoices(statementWords(cmd->words), 0, current, budget, [&](const SetPath& p) {
        SetPath path = p;
        path.line = static_cast<int>(cmd->verb->getLine());
        paths.push_back(std::move(path));
      });
      switch (cmd->verb->getType()) {
        case JunosParser::SET:
          for (auto& p : paths) flat.paths.push_back(std::move(p));
          break;
        case JunosParser::DELETE:
          for (const auto& p : paths)
            std::erase_if(flat.paths, [&](const SetPath& q) { return q.startsWith(p.words); });
          break;
        case JunosParser::DEACTIVATE:
          for (auto& p : paths) deactivated.push_back(std::move(p));
          break;
        case JunosParser::ACTIVATE:
          for (const auto& p : paths)
            std::erase_if(deactivated, [&](const SetPath& q) { return q.words == p.words; });
          break;
        default:
          break;
      }
    } else if (auto* other = dynamic_cast<JunosParser::OtherCommandContext*>(line)) {
      int l = static_cast<int>(other->getStart()->getLine());
      flat.warnings.push_back({file.path, l, lines.line(l), "unrecognized syntax"});
    }
  }
  for (const auto& d : deactivated)
    std::erase_if(flat.paths, [&](const SetPath& q) { return q.startsWith(d.words); });
}

// Deeper than any Junos schema path (its deepest statements, such as `logical-systems L
// routing-instances R protocols bgp group G neighbor N family inet unicast prefix-limit
// teardown idle-timeout`, sit about 12 levels down; the corpus reaches 8). The generated parser
// recurses once per level: 10,000 levels overflowed the stack.
constexpr int kMaxBraceDepth = 64;

// The first `{` that opens level kMaxBraceDepth + 1, if any. Counted on the tokens, so braces
// inside strings and comments do not count.
antlr4::Token* tooDeep(antlr4::CommonTokenStream& tokens) {
  int depth = 0;
  for (antlr4::Token* t : tokens.getTokens()) {
    if (t->getType() == JunosLexer::LBRACE && ++depth > kMaxBraceDepth) return t;
    if (t->getType() == JunosLexer::RBRACE && depth > 0) --depth;
  }
  return nullptr;
}

// Invalid UTF-8 bytes become '?', so names and descriptions in the model are text and a
// stray byte costs a warning at most.
std::string validUtf8(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    auto c = static_cast<unsigned char>(text[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool ok = len > 0 && i + len <= text.size();
    for (size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(text[i + k]) >> 6) == 0x2;
    if (ok && len > 1) {
      // Reject overlong forms and surrogates, which the decoder also refuses.
      auto c1 = static_cast<unsigned char>(text[i + 1]);
      ok = !(c == 0xC0 || c == 0xC1 || (c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) ||
             (c == 0xF0 && c1 < 0x90) || c > 0xF4 || (c == 0xF4 && c1 >= 0x90));
    }
    if (!ok) {
      out += '?';
      ++i;
      continue;
    }
    out.append(text, i, len);
    i += len;
  }
  return out;
}

}  // namespace

FlatConfig flattenFile(const ConfigFile& file) {
  FlatConfig flat;
  bool setForm = isSetForm(file.text);
  std::string cleaned;  // the lexer reads the file in place when it is valid UTF-8
  const std::string& text = model::isValidUtf8(file.text) ? file.text : (cleaned = validUtf8(file.text));
  ByteCharStream input(text, file.path);
  JunosLexer lexer(&input);
  useThreadDfaCache<antlr4::atn::LexerATNSimulator>(lexer);
  lexer.braceForm = !setForm;
  TextLines lines(file.text);
  WarningErrorListener listener(file, lines, flat.warnings);
  lexer.removeErrorListeners();
  lexer.addErrorListener(&listener);
  antlr4::CommonTokenStream tokens(&lexer);
  tokens.fill();
  if (antlr4::Token* deep = tooDeep(tokens)) {
    int line = static_cast<int>(deep->getLine());
    flat.warnings.push_back({file.path, line, lines.line(line),
                             "braces nested deeper than " + std::to_string(kMaxBraceDepth) +
                                 " levels: the file is not read"});
    return flat;
  }
  JunosParser parser(&tokens);
  useThreadDfaCache<antlr4::atn::ParserATNSimulator>(parser);
  parser.removeErrorListeners();
  parser.addErrorListener(&listener);
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
  size_t budget = pathBudget(tokens.size());
  try {
    if (setForm) {
      flattenSetForm(parser.setConfig(), file, lines, budget, flat);
    } else {
      SetPath root;
      root.file = file.path;
      BraceFlattener(flat.paths, budget).statements(parser.braceConfig()->statement(), root);
    }
  } catch (const ExpansionLimit& limit) {
    flat.paths.clear();
    flat.warnings.push_back({file.path, limit.line, lines.line(limit.line),
                             "bracketed lists expand past " + std::to_string(pathBudget(tokens.size())) +
                                 " words of statements: the file is not read"});
  } catch (const std::exception& e) {  // the runtime's own failures: report, keep the rest
    flat.warnings.push_back({file.path, 0, {}, std::string("could not parse the file: ") + e.what()});
  }
  return flat;
}

}  // namespace routefix::parser::junos
