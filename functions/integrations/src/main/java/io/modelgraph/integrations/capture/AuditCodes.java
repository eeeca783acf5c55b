package io.modelgraph.integrations.capture;

import io.modelgraph.integrations.Finding;
import java.util.Map;

/**
 * Every audit code with its section and severity (README, "capture audit codes"). The seed fixes the Conformance
 * severities; the others are this service's choice: what makes a dictionary say something the governed model does
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
            Map.entry("upload-check", new Code(Finding.CONFORMANCE, Finding.ERROR)));

    static Finding finding(String code, String subject, String message, String detail) {
        Code c = CODES.get(code);
        return new Finding(c.section(), c.severity(), code, subject, message, java.util.Optional.ofNullable(detail));
    }

    private AuditCodes() {
    }
}
