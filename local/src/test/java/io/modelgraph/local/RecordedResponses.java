package io.modelgraph.local;

import java.util.List;
import java.util.Optional;

/**
 * Every response an end-to-end test of this module receives through {@link TestStack#send} is held to
 * openapi.yaml (see {@link ResponseContract}): a route's answer the document does not describe fails the test
 * that received it, whatever that test asserts itself. Answers that are not a route's (the gateway's own 404,
 * the reference pages, the JWKS) and the test stack's probe routes are outside the document and not checked.
 */
final class RecordedResponses {
    private static final ResponseContract CONTRACT = ResponseContract.ofRepository();
    private static RouteTable table;
    /** Route keys and {@code routeKey status} pairs that answered and met the document. */
    private static final java.util.Set<String> OPERATIONS = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private static final java.util.Set<String> PAIRS = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static void check(String method, String rawPath, TestStack.Answer answer) {
        Optional<RouteTable.Match> match = table().match(method, rawPath);
        if (match.isEmpty() || match.get().group().name().equals("probe") || gatewaysOwn(answer)) {
            return;
        }
        List<String> findings = CONTRACT.check(match.get().route().routeKey(), answer.status(), answer.contentType(),
                answer.body());
        if (!findings.isEmpty()) {
            throw new AssertionError("response outside openapi.yaml:\n  " + String.join("\n  ", findings));
        }
        OPERATIONS.add(match.get().route().routeKey());
        PAIRS.add(match.get().route().routeKey() + " " + answer.status());
    }

    /** API Gateway's own answers ({"message":"..."}: 403 from an authorizer's refusal, 413, 500), not the route's. */
    private static boolean gatewaysOwn(TestStack.Answer answer) {
        return answer.body().matches("\\{\"message\":\"[A-Za-z ]+\"}");
    }

    static java.util.Set<String> checkedOperations() {
        return new java.util.TreeSet<>(OPERATIONS);
    }

    static java.util.Set<String> checkedPairs() {
        return new java.util.TreeSet<>(PAIRS);
    }

    private static synchronized RouteTable table() {
        if (table == null) {
            table = new RouteTable(TestStack.server().groups());
        }
        return table;
    }

    private RecordedResponses() {
    }
}
