package io.modelgraph.integrations.capture;

import static io.modelgraph.integrations.capture.AuditCodes.finding;

import io.modelgraph.integrations.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The production-change review: a proposed dictionary against the live project's previous one (the stored
 * snapshot), as REDCap's Draft Mode review sorts changes. What can change the meaning of data already collected is
 * critical (an Error): a field deleted, its type or validation changed, a choice code removed or relabelled, a field
 * moved to another form. What REDCap approves on its own is Info: a new field, a new choice. docs/integrations.md,
 * "Production-change review".
 */
public final class ProductionReview {
    public static final String FIELD_DELETED = "production-field-deleted";
    public static final String TYPE_CHANGED = "production-field-type-changed";
    public static final String VALIDATION_CHANGED = "production-validation-changed";
    public static final String CHOICE_REMOVED = "production-choice-removed";
    public static final String CHOICE_RELABELLED = "production-choice-relabelled";
    public static final String FIELD_MOVED = "production-field-moved";
    public static final String FIELD_ADDED = "production-field-added";
    public static final String CHOICE_ADDED = "production-choice-added";

    private ProductionReview() {
    }

    public static List<Finding> review(DataDictionary previous, DataDictionary proposed) {
        // the common case first: the same fields in the same order, walked side by side without an index
        List<DictionaryField> a = previous.fields();
        List<DictionaryField> b = proposed.fields();
        int same = 0;
        while (same < a.size() && same < b.size() && a.get(same).variable().equals(b.get(same).variable())
                && unchanged(a.get(same), b.get(same))) {
            same++;
        }
        if (same == a.size() && same == b.size()) {
            return List.of();
        }
        Map<String, DictionaryField> now = new HashMap<>();
        proposed.fields().forEach(f -> now.putIfAbsent(f.variable(), f));
        Map<String, DictionaryField> before = new HashMap<>();
        previous.fields().forEach(f -> before.putIfAbsent(f.variable(), f));
        ChoiceLists choiceLists = new ChoiceLists();
        List<Finding> out = new ArrayList<>();
        for (DictionaryField was : previous.fields()) {
            if (before.get(was.variable()) != was) {
                continue;
            }
            String v = was.variable();
            DictionaryField is = now.get(v);
            if (is != null && unchanged(was, is)) {
                continue; // no subject built, no choice list parsed
            }
            String subject = was.form() + "." + v;
            if (is == null) {
                out.add(finding(FIELD_DELETED, subject, "Field '" + v + "' of instrument '" + was.form()
                        + "' is deleted; its collected data is lost.", "was row " + was.row()));
                continue;
            }
            if (!is.form().equals(was.form())) {
                out.add(finding(FIELD_MOVED, subject, "Field '" + v + "' moves from instrument '" + was.form()
                        + "' to '" + is.form() + "'; its data follows another form's events and status.", null));
            }
            if (!is.fieldType().equals(was.fieldType())) {
                out.add(finding(TYPE_CHANGED, subject, "Field '" + v + "' changes type from " + was.fieldType()
                        + " to " + is.fieldType() + ".", null));
            } else if (!is.validation().equals(was.validation())) {
                out.add(finding(VALIDATION_CHANGED, subject, "Field '" + v + "' changes validation from "
                        + describe(was.validation()) + " to " + describe(is.validation()) + ".", null));
            }
            if (was.hasChoiceList() && is.hasChoiceList() && !was.get(Column.CHOICES).equals(is.get(Column.CHOICES))) {
                choices(subject, v, choiceLists.of(was), choiceLists.of(is), out);
            }
        }
        for (DictionaryField is : proposed.fields()) {
            if (!before.containsKey(is.variable()) && now.get(is.variable()) == is) {
                out.add(finding(FIELD_ADDED, is.form() + "." + is.variable(), "New field '" + is.variable()
                        + "' of instrument '" + is.form() + "'.", "row " + is.row()));
            }
        }
        return out;
    }

    /** Nothing the review looks at differs: form, type, validation, the choices cell as written. */
    private static boolean unchanged(DictionaryField was, DictionaryField is) {
        return is.form().equals(was.form()) && is.fieldType().equals(was.fieldType())
                && is.validation().equals(was.validation()) && is.get(Column.CHOICES).equals(was.get(Column.CHOICES));
    }

    private static void choices(String subject, String v, Choices was, Choices is, List<Finding> out) {
        Map<String, String> labels = new LinkedHashMap<>();
        is.choices().forEach(c -> labels.putIfAbsent(c.code(), c.label()));
        Map<String, String> old = new LinkedHashMap<>();
        was.choices().forEach(c -> old.putIfAbsent(c.code(), c.label()));
        List<String> removed = new ArrayList<>();
        List<String> relabelled = new ArrayList<>();
        old.forEach((code, label) -> {
            String nowLabel = labels.get(code);
            if (nowLabel == null) {
                removed.add(code);
            } else if (!nowLabel.equals(label)) {
                relabelled.add(code + ": '" + label + "' → '" + nowLabel + "'");
            }
        });
        List<String> added = labels.keySet().stream().filter(c -> !old.containsKey(c)).toList();
        if (!removed.isEmpty()) {
            out.add(finding(CHOICE_REMOVED, subject, "Field '" + v + "' removes choice codes "
                    + String.join(", ", removed) + "; records holding them keep a code with no choice.", null));
        }
        if (!relabelled.isEmpty()) {
            out.add(finding(CHOICE_RELABELLED, subject, "Field '" + v + "' gives existing codes another label;"
                    + " collected answers change meaning.", String.join("; ", relabelled)));
        }
        if (!added.isEmpty()) {
            out.add(finding(CHOICE_ADDED, subject, "Field '" + v + "' adds choice codes " + String.join(", ", added)
                    + ".", null));
        }
    }

    private static String describe(String validation) {
        return validation.isEmpty() ? "none" : validation;
    }
}
