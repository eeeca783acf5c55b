package io.modelgraph.codec.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * One schema object being read, with the keywords taken from it. Whatever is not taken by the time the view
 * is finished goes to the ledger, so no keyword can be dropped silently.
 */
final class SchemaView {
    private final ObjectNode node;
    private final String path;
    private final Set<String> taken = new LinkedHashSet<>();
    private boolean finished;
    private boolean sink;

    SchemaView(ObjectNode node, String path) {
        this.node = node;
        this.path = path;
    }

    /**
     * Marks the view as belonging to a model part that keeps untaken keywords verbatim (the document, a type, an
     * element), so a reader may give back a keyword whose model form would lose meaning.
     */
    SchemaView keepingVerbatim() {
        sink = true;
        return this;
    }

    boolean keepsVerbatim() {
        return sink;
    }

    String path() {
        return path;
    }

    String pathOf(String keyword) {
        return Pointers.child(path, keyword);
    }

    boolean has(String keyword) {
        return node.has(keyword);
    }

    /** Looks without taking. */
    Optional<JsonNode> peek(String keyword) {
        return Optional.ofNullable(node.get(keyword));
    }

    Optional<JsonNode> take(String keyword) {
        JsonNode value = node.get(keyword);
        if (value == null) {
            return Optional.empty();
        }
        taken.add(keyword);
        return Optional.of(value);
    }

    /** Gives a taken keyword back, so {@link #finish} keeps it verbatim or reports it. */
    void release(String keyword) {
        taken.remove(keyword);
    }

    Optional<String> takeText(String keyword, LossinessLedger ledger) {
        Optional<JsonNode> value = take(keyword);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        if (!value.get().isTextual()) {
            ledger.drop(pathOf(keyword), "'" + keyword + "' is not a string; not carried");
            return Optional.empty();
        }
        return Optional.of(value.get().textValue());
    }

    Iterable<String> keywords() {
        return () -> node.fieldNames();
    }

    /** Reports every keyword nobody took. Idempotent: a view shared between two readers is reported once. */
    void finish(LossinessLedger ledger, String context) {
        finish(ledger, context, null);
    }

    /**
     * As above, but keywords the model cannot express and {@link Keywords#keepsVerbatim} allows go into
     * {@code verbatim} instead of the ledger: the view belongs to a model part (the document, a type, an element)
     * that carries them as its {@link JsonSchemaAnnotations#VERBATIM} annotation, re-emitted by the encoder.
     */
    void finish(LossinessLedger ledger, String context, ObjectNode verbatim) {
        if (finished) {
            return;
        }
        finished = true;
        for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!taken.contains(k) && verbatim != null && Keywords.keepsVerbatim(k)) {
                verbatim.set(k, node.get(k));
            } else if (!taken.contains(k)) {
                ledger.add(Keywords.kindOf(k), pathOf(k), context.isEmpty() ? Keywords.explain(k)
                        : Keywords.explain(k) + " (" + context + ")");
            }
        }
    }
}
