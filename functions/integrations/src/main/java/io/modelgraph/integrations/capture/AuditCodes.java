package io.modelgraph.integrations.capture;

import io.modelgraph.integrations.Finding;
import java.util.Map;

/**
 * Every audit code with its section and severity (docs/integrations.md "Audit"). The Conformance severities are
 * REDCap's conventions; the others are this service's choice: what makes a dictionary say something the governed model does
 * not (a removed, retyped or widened field) is an Error, since errorCount > 0 fails a CI job; what leaves the
 * governed model unchallenged (unmapped or narrowed) is a Warning.
 */
public final class AuditCodes {
    public record Code(String section, String severity) {
    }

    public static final Map<String, Code> CODES = Map.ofEntries(
            Map.entry("dataset-unmapped", new Code(Finding.COVERAGE, Finding.WARNING)),
            Map.entry("field-unmapped", new Code(Finding.COVERAGE, Finding.WARNING)),
            Map.entry("dataset-removed", new Code(Finding.DRIFT, Finding.ERROR)),
            Map.entry("field-removed", new Code(Finding.DRIFT, Finding.ERROR)),
            Map.entry("field-type-drift", new Code(Finding.DRIFT, Finding.ERROR)),
            Map.entry("enum-constraint-removed", new Code(Finding.DRIFT, Finding.ERROR)),
            Map.entry("enum-narrowed", new Code(Finding.DRIFT, Finding.WARNING)),
            Map.entry("enum-widened", new Code(Finding.DRIFT, Finding.ERROR)),
            Map.entry("contract-drift", new Code(Finding.DRIFT, Finding.WARNING)),
            Map.entry("phi-fields", new Code(Finding.CONFORMANCE, Finding.INFO)),
            Map.entry("text-no-validation", new Code(Finding.CONFORMANCE, Finding.INFO)),
            Map.entry("duplicate-choice-codes", new Code(Finding.CONFORMANCE, Finding.WARNING)),
            // addition: what REDCap itself would refuse on upload (validator errors are Errors, its warnings Warnings)
            Map.entry("upload-check", new Code(Finding.CONFORMANCE, Finding.ERROR)),
            // lint rules: mechanically checkable mistakes, each with its own code (docs/integrations.md)
            Map.entry(DictionaryCheck.INVALID_VARIABLE_NAME, new Code(Finding.CONFORMANCE, Finding.ERROR)),
            Map.entry(DictionaryCheck.DUPLICATE_VARIABLE, new Code(Finding.CONFORMANCE, Finding.ERROR)),
            Map.entry(DictionaryCheck.LOGIC_UNKNOWN_VARIABLE, new Code(Finding.CONFORMANCE, Finding.ERROR)),
            Map.entry(DictionaryCheck.CALC_UNKNOWN_VARIABLE, new Code(Finding.CONFORMANCE, Finding.ERROR)),
            Map.entry(DictionaryCheck.PIPING_UNKNOWN_VARIABLE, new Code(Finding.CONFORMANCE, Finding.WARNING)),
            Map.entry(DictionaryCheck.MIN_GREATER_THAN_MAX, new Code(Finding.CONFORMANCE, Finding.ERROR)),
            Map.entry(DictionaryCheck.DATE_BOUND_FORMAT, new Code(Finding.CONFORMANCE, Finding.WARNING)),
            // the production-change review: critical changes are Errors, what REDCap approves on its own Info
            Map.entry(ProductionReview.FIELD_DELETED, new Code(Finding.PRODUCTION, Finding.ERROR)),
            Map.entry(ProductionReview.TYPE_CHANGED, new Code(Finding.PRODUCTION, Finding.ERROR)),
            Map.entry(ProductionReview.VALIDATION_CHANGED, new Code(Finding.PRODUCTION, Finding.ERROR)),
            Map.entry(ProductionReview.CHOICE_REMOVED, new Code(Finding.PRODUCTION, Finding.ERROR)),
            Map.entry(ProductionReview.CHOICE_RELABELLED, new Code(Finding.PRODUCTION, Finding.ERROR)),
            Map.entry(ProductionReview.FIELD_MOVED, new Code(Finding.PRODUCTION, Finding.ERROR)),
            Map.entry(ProductionReview.FIELD_ADDED, new Code(Finding.PRODUCTION, Finding.INFO)),
            Map.entry(ProductionReview.CHOICE_ADDED, new Code(Finding.PRODUCTION, Finding.INFO)));

    static Finding finding(String code, String subject, String message, String detail) {
        Code c = CODES.get(code);
        return new Finding(c.section(), c.severity(), code, subject, message, java.util.Optional.ofNullable(detail));
    }

    private AuditCodes() {
    }
}
