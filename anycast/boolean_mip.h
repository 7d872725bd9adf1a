// Z3 formulas as a 0-1 integer program, so that a MIP solver (cbc_solver.h) is given the
// very formulas Z3 is given (prepend_problem.h) instead of a second copy of the routing
// rules. Every Boolean constant and every compound subformula is one binary column; a
// negation is the affine form 1 - x, not a column. Compound subformulas are defined in both
// directions (Tseitin), so a column's value is determined by its children's:
//   and: y <= a_i, y >= sum a_i - (n - 1);   or: y >= a_i, y <= sum a_i;
//   ite, iff: the four rows of their truth table.
// Top-level requirements need no column: a disjunction is the row sum a_i >= 1, a
// conjunction each conjunct, a pseudo-Boolean constraint (at-most-one of a clique) its own
// row, a linear comparison of integer sums of ite(b, c, d) (the p90 coverage) its row.
// Subformulas are memoised by Z3's hash-consed AST id, so shared lead literals and shared
// leader disjuncts become shared columns.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

namespace routefix::anycast {

class BooleanMip {
 public:
  // constant + sign * x_column, with sign +1 or -1; column -1 = constant.
  struct Literal {
    int column = -1;
    bool negated = false;
    bool value = false;  // when column == -1
  };
  // lower <= sum coefficient * x_column <= upper.
  struct Row {
    std::vector<std::pair<int, double>> entries;
    double lower = 0, upper = 0;
  };

  // The value of the formula as a literal (adds columns and rows for new subformulas).
  Literal literal(const z3::expr& formula);
  // The formula holds. Throws std::invalid_argument on a construct this translation does
  // not know (quantifiers, non-linear arithmetic, integer constants).
  void require(const z3::expr& formula);

  size_t columns() const { return columns_.size(); }
  const std::vector<Row>& rows() const { return rows_; }
  // The Z3 constant behind a column, if the column is one.
  const std::optional<z3::expr>& constantOf(int column) const { return columns_[column].constant; }
  // The column of a Z3 Boolean constant, if it was translated.
  std::optional<int> columnOf(const z3::expr& constant) const;

  // Every column's value from the values of some constants (`given`, called per constant
  // column), following the subformulas' definitions and top-level definitions "c == f" of
  // other constants. nullopt when some column is left undetermined.
  std::optional<std::vector<double>> complete(const std::function<std::optional<bool>(const z3::expr&)>& given) const;

  // Whether a column vector satisfies every row.
  bool satisfiedBy(const std::vector<double>& values) const { return rowsHold(rows_, values); }
  static bool rowsHold(const std::vector<Row>& rows, const std::vector<double>& values);
  // Value of a literal in a column vector.
  static bool holds(const Literal& l, const std::vector<double>& values) {
    return l.column < 0 ? l.value : (values[l.column] > 0.5) != l.negated;
  }

 private:
  enum class Op { Constant, And, Or, Ite, Iff };
  struct Column {
    Op op = Op::Constant;
    std::vector<Literal> children;          // And/Or: operands; Ite: cond, then, else; Iff: two
    std::optional<z3::expr> constant;       // Op::Constant
    std::optional<Literal> definition;      // Op::Constant defined by a top-level "c == f"
  };
  // An integer sum: constant + sum coefficient * literal.
  struct Linear {
    double constant = 0;
    std::vector<std::pair<Literal, double>> terms;
  };

  int addColumn(Column column);
  void addRow(const std::vector<std::pair<Literal, double>>& terms, double lower, double upper);
  Literal compound(Op op, std::vector<Literal> children);
  Linear linear(const z3::expr& e);
  void requireComparison(const z3::expr& e);
  void requirePseudoBoolean(const z3::expr& e);
  std::optional<bool> evaluate(int column, std::vector<signed char>& memo,
                               const std::function<std::optional<bool>(const z3::expr&)>& given) const;

  std::vector<Column> columns_;
  std::vector<Row> rows_;
  std::unordered_map<unsigned, Literal> memo_;      // by AST id
  std::unordered_map<unsigned, int> constants_;     // constant's AST id -> column
};

}  // namespace routefix::anycast
