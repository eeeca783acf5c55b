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

    public static Choices parse(String cell) {
        List<Choice> out = new ArrayList<>();
        if (cell.isBlank()) {
            return new Choices(out);
        }
        for (String part : cell.split("\\|")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int comma = p.indexOf(',');
            if (comma < 0) {
                out.add(new Choice(p, p));
            } else {
                out.add(new Choice(p.substring(0, comma).strip(), p.substring(comma + 1).strip()));
            }
        }
        return new Choices(out);
    }

    public List<String> codes() {
        return choices.stream().map(Choice::code).toList();
    }

    /** The first code used twice, if any. */
    public Optional<String> duplicateCode() {
        List<String> seen = new ArrayList<>();
        for (Choice c : choices) {
            if (seen.contains(c.code())) {
                return Optional.of(c.code());
            }
            seen.add(c.code());
        }
        return Optional.empty();
    }

    /** The cell REDCap writes for these choices. */
    public String cell() {
        return String.join(" | ", choices.stream().map(c -> c.code() + ", " + c.label()).toList());
    }
}
