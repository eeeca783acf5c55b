package io.modelgraph.integrations.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A REDCap choice list {@code code, label | code, label}, parsed leniently (a code alone is its own label). */
public record Choices(List<Choice> choices) {
    public record Choice(String code, String label) {
    }

    public Choices {
        choices = List.copyOf(choices);
    }

    /** One pass over the cell, no regular expression: audits parse every choice list of large dictionaries. */
    public static Choices parse(String cell) {
        List<Choice> out = new ArrayList<>();
        int n = cell.length();
        int from = 0;
        while (from <= n) {
            int bar = cell.indexOf('|', from);
            int to = bar < 0 ? n : bar;
            int a = skip(cell, from, to);
            int b = back(cell, a, to);
            if (a < b) {
                int comma = cell.indexOf(',', a);
                if (comma < 0 || comma >= b) {
                    String code = cell.substring(a, b);
                    out.add(new Choice(code, code));
                } else {
                    out.add(new Choice(cell.substring(a, back(cell, a, comma)),
                            cell.substring(skip(cell, comma + 1, b), b)));
                }
            }
            if (bar < 0) {
                break;
            }
            from = bar + 1;
        }
        return new Choices(out);
    }

    private static int skip(String s, int from, int to) {
        while (from < to && Character.isWhitespace(s.charAt(from))) {
            from++;
        }
        return from;
    }

    private static int back(String s, int from, int to) {
        while (to > from && Character.isWhitespace(s.charAt(to - 1))) {
            to--;
        }
        return to;
    }

    public List<String> codes() {
        return choices.stream().map(Choice::code).toList();
    }

    /** The first code used twice, if any. */
    public Optional<String> duplicateCode() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Choice c : choices) {
            if (!seen.add(c.code())) {
                return Optional.of(c.code());
            }
        }
        return Optional.empty();
    }

    /** The cell REDCap writes for these choices. */
    public String cell() {
        return String.join(" | ", choices.stream().map(c -> c.code() + ", " + c.label()).toList());
    }
}
