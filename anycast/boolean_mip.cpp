#include "anycast/boolean_mip.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace routefix::anycast {

namespace {

BooleanMip::Literal constantLiteral(bool value) { return {-1, false, value}; }

BooleanMip::Literal negate(BooleanMip::Literal l) {
  if (l.column < 0) l.value = !l.value;
  else l.negated = !l.negated;
  return l;
}

// A PB or cardinality parameter (int, or a rational that did not fit one).
double pbParameter(const z3::func_decl& decl, unsigned index) {
  z3::context& ctx = decl.ctx();
  if (Z3_get_decl_parameter_kind(ctx, decl, index) == Z3_PARAMETER_INT)
    return Z3_get_decl_int_parameter(ctx, decl, index);
  return std::stod(Z3_get_decl_rational_parameter(ctx, decl, index));
}

[[noreturn]] void unsupported(const z3::expr& e) {
  throw std::invalid_argument("MIP translation: unsupported formula " + e.decl().name().str());
}

}  // namespace

int BooleanMip::addColumn(Column column) {
  columns_.push_back(std::move(column));
  return static_cast<int>(columns_.size()) - 1;
}

std::optional<int> BooleanMip::columnOf(const z3::expr& constant) const {
  auto it = constants_.find(constant.id());
  if (it == constants_.end()) return std::nullopt;
  return it->second;
}

void BooleanMip::addRow(const std::vector<std::pair<Literal, double>>& terms, double lower, double upper) {
  // A negated literal is 1 - x: its constant moves to the bounds. Columns that occur twice
  // (a and not a in one row) are summed.
  std::map<int, double> coefficients;
  double constant = 0;
  for (const auto& [l, a] : terms) {
    if (l.column < 0) {
      constant += l.value ? a : 0;
    } else if (l.negated) {
      constant += a;
      coefficients[l.column] -= a;
    } else {
      coefficients[l.column] += a;
    }
  }
  Row row;
  for (const auto& [column, a] : coefficients)
    if (a != 0) row.entries.emplace_back(column, a);
  row.lower = lower - constant;
  row.upper = upper - constant;
  rows_.push_back(std::move(row));
}

BooleanMip::Literal BooleanMip::compound(Op op, std::vector<Literal> children) {
  Column column;
  column.op = op;
  column.children = children;
  const Literal y{addColumn(std::move(column)), false, false};
  const double n = static_cast<double>(children.size());
  constexpr double kInf = 1e30;
  switch (op) {
    case Op::And: {
      std::vector<std::pair<Literal, double>> sum{{y, -1}};
      for (const Literal& c : children) {
        addRow({{y, 1}, {c, -1}}, -kInf, 0);  // y <= c
        sum.emplace_back(c, 1);
      }
      addRow(sum, -kInf, n - 1);  // sum c - y <= n - 1
      break;
    }
    case Op::Or: {
      std::vector<std::pair<Literal, double>> sum{{y, -1}};
      for (const Literal& c : children) {
        addRow({{y, 1}, {c, -1}}, 0, kInf);  // y >= c
        sum.emplace_back(c, 1);
      }
      addRow(sum, 0, kInf);  // sum c >= y
      break;
    }
    case Op::Ite: {
      const Literal &c = children[0], &a = children[1], &b = children[2];
      // c -> y == a; not c -> y == b.
      addRow({{y, 1}, {a, -1}, {c, 1}}, -kInf, 1);
      addRow({{y, 1}, {a, -1}, {c, -1}}, -1, kInf);
      addRow({{y, 1}, {b, -1}, {c, -1}}, -kInf, 0);
      addRow({{y, 1}, {b, -1}, {c, 1}}, 0, kInf);
      break;
    }
    case Op::Iff: {
      const Literal &a = children[0], &b = children[1];
      addRow({{y, 1}, {a, -1}, {b, -1}}, -1, kInf);  // y >= a + b - 1
      addRow({{y, 1}, {a, 1}, {b, 1}}, 1, kInf);     // y >= 1 - a - b
      addRow({{y, 1}, {a, 1}, {b, -1}}, -kInf, 1);   // y <= 1 - a + b
      addRow({{y, 1}, {a, -1}, {b, 1}}, -kInf, 1);   // y <= 1 + a - b
      break;
    }
    case Op::Constant: break;
  }
  return y;
}

BooleanMip::Literal BooleanMip::literal(const z3::expr& e) {
  if (auto it = memo_.find(e.id()); it != memo_.end()) return it->second;
  if (!e.is_bool()) unsupported(e);
  Literal out;
  if (e.is_true() || e.is_false()) {
    out = constantLiteral(e.is_true());
  } else if (e.is_const()) {
    if (e.decl().decl_kind() != Z3_OP_UNINTERPRETED) unsupported(e);
    Column column;
    column.constant = e;
    out = {addColumn(std::move(column)), false, false};
    constants_.emplace(e.id(), out.column);
  } else {
    std::vector<Literal> args;
    for (unsigned i = 0; i < e.num_args(); ++i) args.push_back(literal(e.arg(i)));
    switch (e.decl().decl_kind()) {
      case Z3_OP_NOT: out = negate(args[0]); break;
      case Z3_OP_IMPLIES: args[0] = negate(args[0]); [[fallthrough]];
      case Z3_OP_AND:
      case Z3_OP_OR: {
        const bool conjunction = e.decl().decl_kind() == Z3_OP_AND;
        // Constants fold: an absorbing one decides, a neutral one drops out.
        std::vector<Literal> kept;
        bool decided = false;
        for (const Literal& a : args) {
          if (a.column >= 0) kept.push_back(a);
          else if (a.value != conjunction) decided = true;
        }
        if (decided) out = constantLiteral(!conjunction);
        else if (kept.empty()) out = constantLiteral(conjunction);
        else if (kept.size() == 1) out = kept.front();
        else out = compound(conjunction ? Op::And : Op::Or, std::move(kept));
        break;
      }
      case Z3_OP_ITE:
        if (args[0].column < 0) out = args[0].value ? args[1] : args[2];
        else out = compound(Op::Ite, std::move(args));
        break;
      case Z3_OP_EQ:
      case Z3_OP_IFF:
        if (args.size() != 2 || !e.arg(0).is_bool()) unsupported(e);
        if (args[0].column < 0) out = args[0].value ? args[1] : negate(args[1]);
        else if (args[1].column < 0) out = args[1].value ? args[0] : negate(args[0]);
        else out = compound(Op::Iff, std::move(args));
        break;
      default: unsupported(e);
    }
  }
  memo_.emplace(e.id(), out);
  return out;
}

BooleanMip::Linear BooleanMip::linear(const z3::expr& e) {
  Linear out;
  if (e.is_numeral()) {
    out.constant = std::stod(Z3_get_numeral_string(e.ctx(), e));
    return out;
  }
  if (!e.is_app()) unsupported(e);
  auto add = [&](const Linear& part, double factor) {
    out.constant += factor * part.constant;
    for (const auto& [l, a] : part.terms) out.terms.emplace_back(l, factor * a);
  };
  switch (e.decl().decl_kind()) {
    case Z3_OP_ADD:
      for (unsigned i = 0; i < e.num_args(); ++i) add(linear(e.arg(i)), 1);
      return out;
    case Z3_OP_SUB:
      add(linear(e.arg(0)), 1);
      for (unsigned i = 1; i < e.num_args(); ++i) add(linear(e.arg(i)), -1);
      return out;
    case Z3_OP_UMINUS: add(linear(e.arg(0)), -1); return out;
    case Z3_OP_MUL: {
      // Linear only: every factor but one is a numeral.
      double factor = 1;
      std::optional<z3::expr> variable;
      for (unsigned i = 0; i < e.num_args(); ++i) {
        if (e.arg(i).is_numeral()) factor *= linear(e.arg(i)).constant;
        else if (variable) unsupported(e);
        else variable = e.arg(i);
      }
      if (variable) add(linear(*variable), factor);
      else out.constant = factor;
      return out;
    }
    case Z3_OP_ITE: {
      // ite(b, x, y) = y + b * (x - y) for numerals x, y.
      if (!e.arg(1).is_numeral() || !e.arg(2).is_numeral()) unsupported(e);
      const double x = linear(e.arg(1)).constant, y = linear(e.arg(2)).constant;
      out.constant = y;
      out.terms.emplace_back(literal(e.arg(0)), x - y);
      return out;
    }
    default: unsupported(e);
  }
}

void BooleanMip::requireComparison(const z3::expr& e) {
  Linear lhs = linear(e.arg(0)), rhs = linear(e.arg(1));
  std::vector<std::pair<Literal, double>> terms = lhs.terms;
  for (const auto& [l, a] : rhs.terms) terms.emplace_back(l, -a);
  const double k = rhs.constant - lhs.constant;  // terms (lhs - rhs) compared with k
  constexpr double kInf = 1e30;
  switch (e.decl().decl_kind()) {
    case Z3_OP_LE: addRow(terms, -kInf, k); break;
    case Z3_OP_GE: addRow(terms, k, kInf); break;
    case Z3_OP_LT: addRow(terms, -kInf, k - 1); break;  // integer sums
    case Z3_OP_GT: addRow(terms, k + 1, kInf); break;
    case Z3_OP_EQ: addRow(terms, k, k); break;
    default: unsupported(e);
  }
}

void BooleanMip::requirePseudoBoolean(const z3::expr& e) {
  const z3::func_decl decl = e.decl();
  const double k = pbParameter(decl, 0);
  std::vector<std::pair<Literal, double>> terms;
  const bool unit = decl.decl_kind() == Z3_OP_PB_AT_MOST || decl.decl_kind() == Z3_OP_PB_AT_LEAST;
  for (unsigned i = 0; i < e.num_args(); ++i) terms.emplace_back(literal(e.arg(i)), unit ? 1.0 : pbParameter(decl, i + 1));
  constexpr double kInf = 1e30;
  switch (decl.decl_kind()) {
    case Z3_OP_PB_AT_MOST:
    case Z3_OP_PB_LE: addRow(terms, -kInf, k); break;
    case Z3_OP_PB_AT_LEAST:
    case Z3_OP_PB_GE: addRow(terms, k, kInf); break;
    case Z3_OP_PB_EQ: addRow(terms, k, k); break;
    default: unsupported(e);
  }
}

void BooleanMip::require(const z3::expr& e) {
  if (e.is_true()) return;
  if (!e.is_app()) unsupported(e);
  const Z3_decl_kind kind = e.decl().decl_kind();
  if (kind == Z3_OP_AND) {
    for (unsigned i = 0; i < e.num_args(); ++i) require(e.arg(i));
    return;
  }
  if (kind == Z3_OP_OR) {
    std::vector<std::pair<Literal, double>> terms;
    for (unsigned i = 0; i < e.num_args(); ++i) terms.emplace_back(literal(e.arg(i)), 1.0);
    addRow(terms, 1, 1e30);
    return;
  }
  if (kind == Z3_OP_PB_AT_MOST || kind == Z3_OP_PB_AT_LEAST || kind == Z3_OP_PB_LE || kind == Z3_OP_PB_GE ||
      kind == Z3_OP_PB_EQ) {
    requirePseudoBoolean(e);
    return;
  }
  if ((kind == Z3_OP_LE || kind == Z3_OP_GE || kind == Z3_OP_LT || kind == Z3_OP_GT || kind == Z3_OP_EQ) &&
      e.arg(0).is_arith()) {
    requireComparison(e);
    return;
  }
  if ((kind == Z3_OP_EQ || kind == Z3_OP_IFF) && e.num_args() == 2) {
    // "c == f" also defines the constant c for complete().
    const Literal a = literal(e.arg(0)), b = literal(e.arg(1));
    addRow({{a, 1}, {b, -1}}, 0, 0);
    for (const auto& [side, other] : {std::pair{a, b}, std::pair{b, a}})
      if (side.column >= 0 && !side.negated && columns_[side.column].op == Op::Constant &&
          !columns_[side.column].definition) {
        columns_[side.column].definition = other;
        break;
      }
    return;
  }
  addRow({{literal(e), 1.0}}, 1, 1e30);
}

std::optional<bool> BooleanMip::evaluate(int column, std::vector<signed char>& memo,
                                         const std::function<std::optional<bool>(const z3::expr&)>& given) const {
  // memo: -1 unknown yet, 0/1 value, 2 undetermined, 3 being evaluated (a definition cycle).
  if (memo[column] == 0 || memo[column] == 1) return memo[column] == 1;
  if (memo[column] >= 2) return std::nullopt;
  memo[column] = 3;
  auto value = [&](const Literal& l) -> std::optional<bool> {
    if (l.column < 0) return l.value;
    auto v = evaluate(l.column, memo, given);
    if (!v) return std::nullopt;
    return *v != l.negated;
  };
  const Column& c = columns_[column];
  std::optional<bool> out;
  switch (c.op) {
    case Op::Constant:
      out = given(*c.constant);
      if (!out && c.definition) out = value(*c.definition);
      break;
    case Op::And:
    case Op::Or: {
      const bool conjunction = c.op == Op::And;
      out = conjunction;
      for (const Literal& l : c.children) {
        auto v = value(l);
        if (!v) {
          out.reset();
          break;
        }
        if (*v != conjunction) out = !conjunction;
      }
      break;
    }
    case Op::Ite: {
      auto cond = value(c.children[0]);
      if (cond) out = value(c.children[*cond ? 1 : 2]);
      break;
    }
    case Op::Iff: {
      auto a = value(c.children[0]), b = value(c.children[1]);
      if (a && b) out = *a == *b;
      break;
    }
  }
  memo[column] = out ? static_cast<signed char>(*out) : 2;
  return out;
}

bool BooleanMip::rowsHold(const std::vector<Row>& rows, const std::vector<double>& values) {
  for (const Row& row : rows) {
    double sum = 0;
    for (const auto& [column, a] : row.entries) sum += a * values[column];
    if (sum < row.lower - 1e-9 || sum > row.upper + 1e-9) return false;
  }
  return true;
}

std::optional<std::vector<double>> BooleanMip::complete(
    const std::function<std::optional<bool>(const z3::expr&)>& given) const {
  std::vector<signed char> memo(columns_.size(), -1);
  std::vector<double> values(columns_.size(), 0);
  for (size_t column = 0; column < columns_.size(); ++column) {
    auto v = evaluate(static_cast<int>(column), memo, given);
    if (!v) return std::nullopt;
    values[column] = *v ? 1 : 0;
  }
  return values;
}

}  // namespace routefix::anycast
