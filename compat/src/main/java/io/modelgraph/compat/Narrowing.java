package io.modelgraph.compat;

import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What a reader's element refuses that the writer's allows: bounds, lengths, patterns, occurrences. */
final class Narrowing {
    private Narrowing() {
    }

    /** The reader's constraints stricter than the writer's, each as a phrase; empty when none is. */
    static List<String> constraints(Constraints reader, Constraints writer) {
        if (reader.equals(writer)) {
            return List.of(); // the same bounds narrow nothing
        }
        List<String> out = new ArrayList<>();
        upper(out, "maxLength", reader.maxLength().map(BigDecimal::valueOf), writer.maxLength().map(
                BigDecimal::valueOf));
        lower(out, "minLength", reader.minLength().map(BigDecimal::valueOf), writer.minLength().map(
                BigDecimal::valueOf));
        upper(out, "maximum", reader.maximum(), writer.maximum());
        lower(out, "minimum", reader.minimum(), writer.minimum());
        upper(out, "exclusiveMaximum", reader.exclusiveMaximum(), writer.exclusiveMaximum());
        lower(out, "exclusiveMinimum", reader.exclusiveMinimum(), writer.exclusiveMinimum());
        upper(out, "precision", reader.precision().map(BigDecimal::valueOf), writer.precision().map(
                BigDecimal::valueOf));
        upper(out, "scale", reader.scale().map(BigDecimal::valueOf), writer.scale().map(BigDecimal::valueOf));
        if (reader.pattern().isPresent() && !reader.pattern().equals(writer.pattern())) {
            out.add("pattern " + reader.pattern().get() + (writer.pattern().isPresent() ? " (was "
                    + writer.pattern().get() + ")" : " (was none)"));
        }
        if (reader.multipleOf().isPresent() && !divides(reader.multipleOf().get(), writer.multipleOf())) {
            out.add("multipleOf " + reader.multipleOf().get().toPlainString());
        }
        if (reader.constValue().isPresent() && !reader.constValue().equals(writer.constValue())) {
            out.add("const " + reader.constValue().get());
        }
        if (reader.uniqueItems() && !writer.uniqueItems()) {
            out.add("uniqueItems");
        }
        return out;
    }

    /** The reader takes fewer occurrences than the writer may send (a list became single, a maximum fell). */
    static Optional<String> occurrences(Cardinality reader, Cardinality writer) {
        if (reader.equals(writer)) {
            return Optional.empty();
        }
        if (reader.max().isPresent() && (writer.max().isEmpty() || writer.max().getAsInt() > reader.max()
                .getAsInt())) {
            return Optional.of("at most " + reader.max().getAsInt() + " value(s), the writer sends up to "
                    + (writer.max().isEmpty() ? "any number" : String.valueOf(writer.max().getAsInt())));
        }
        if (reader.min() > writer.min() && writer.min() > 0) {
            return Optional.of("at least " + reader.min() + " values, the writer sends " + writer.min());
        }
        return Optional.empty();
    }

    private static void upper(List<String> out, String what, Optional<BigDecimal> reader,
            Optional<BigDecimal> writer) {
        if (reader.isPresent() && (writer.isEmpty() || writer.get().compareTo(reader.get()) > 0)) {
            out.add(what + " " + reader.get().toPlainString() + writer.map(w -> " (was " + w.toPlainString() + ")")
                    .orElse(" (was none)"));
        }
    }

    private static void lower(List<String> out, String what, Optional<BigDecimal> reader,
            Optional<BigDecimal> writer) {
        if (reader.isPresent() && (writer.isEmpty() || writer.get().compareTo(reader.get()) < 0)) {
            out.add(what + " " + reader.get().toPlainString() + writer.map(w -> " (was " + w.toPlainString() + ")")
                    .orElse(" (was none)"));
        }
    }

    private static boolean divides(BigDecimal reader, Optional<BigDecimal> writer) {
        if (writer.isEmpty() || reader.signum() == 0) {
            return false;
        }
        return writer.get().remainder(reader).signum() == 0;
    }
}
