package io.modelgraph.store;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Append-only trails of runs (audit and connector history), newest first, at most {@link #MAX_KEEP} per subject.
 * <ul>
 * <li>Keys: pk = {@code <projectId>#<trail>}, run items sk = {@code R#<subject>#<seq, 12 digits>}, one counter
 * item per subject sk = {@code C#<subject>}. Trail and subject are percent-encoded, so neither can contain the
 * {@code #} separator: subject {@code a} never matches the runs of subject {@code a#b}, and no trail can reach
 * into another's partition.</li>
 * <li>An append is one transaction: the counter moves from the sequence number read to the next (conditional,
 * so concurrent appends are serialized; the loser reads again), the run is put only if its key is free, and
 * the run that falls out of the cap is deleted. The cap therefore holds at every moment, without a query
 * (an eventually consistent read could miss runs) and however many writers append at once.</li>
 * </ul>
 */
public final class HistoryStore {
    /** The most runs kept per subject. */
    public static final int MAX_KEEP = 50;
    private static final int ATTEMPTS = 20;
    private static final String SEQ = "seq";

    private final DynamoDbClient dynamo;
    private final String table;

    public HistoryStore(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    public static String partition(String projectId, String trail) {
        return projectId + "#" + encode(trail);
    }

    /**
     * Appends one run as the subject's newest and drops the run that falls beyond {@code keep} (1 to
     * {@value #MAX_KEEP}), in one transaction. Throws when concurrent appends kept winning for 20 attempts.
     */
    public void append(String projectId, String trail, String subject, Map<String, AttributeValue> attributes,
            int keep) {
        if (keep < 1 || keep > MAX_KEEP) {
            throw new IllegalArgumentException("keep must be 1.." + MAX_KEEP + ", was " + keep);
        }
        String pk = partition(projectId, trail);
        String subjectKey = encode(subject);
        Map<String, AttributeValue> counterKey = Map.of(Tables.PK, Attr.s(pk), Tables.SK, Attr.s("C#" + subjectKey));
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            var current = dynamo.getItem(b -> b.tableName(table).key(counterKey).consistentRead(true));
            long last = current.hasItem() && !current.item().isEmpty() ? Attr.num(current.item(), SEQ, 0) : 0;
            long seq = last + 1;
            Map<String, AttributeValue> item = new HashMap<>(attributes);
            item.put(Tables.PK, Attr.s(pk));
            item.put(Tables.SK, Attr.s(runSk(subjectKey, seq)));
            item.put("subject", Attr.s(subject));
            item.put(SEQ, Attr.n(seq));
            List<TransactWriteItem> tx = new ArrayList<>();
            Update.Builder counter = Update.builder().tableName(table).key(counterKey)
                    .updateExpression("SET #seq = :next")
                    .expressionAttributeNames(Map.of("#seq", SEQ));
            if (last == 0) {
                counter.conditionExpression("attribute_not_exists(#seq)")
                        .expressionAttributeValues(Map.of(":next", Attr.n(seq)));
            } else {
                counter.conditionExpression("#seq = :last")
                        .expressionAttributeValues(Map.of(":next", Attr.n(seq), ":last", Attr.n(last)));
            }
            tx.add(TransactWriteItem.builder().update(counter.build()).build());
            tx.add(TransactWriteItem.builder().put(Put.builder().tableName(table).item(item)
                    .conditionExpression("attribute_not_exists(#sk)")
                    .expressionAttributeNames(Map.of("#sk", Tables.SK)).build()).build());
            if (seq > keep) {
                tx.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table).key(Map.of(Tables.PK,
                        Attr.s(pk), Tables.SK, Attr.s(runSk(subjectKey, seq - keep)))).build()).build());
            }
            try {
                dynamo.transactWriteItems(b -> b.transactItems(tx));
                return;
            } catch (TransactionCanceledException concurrentAppend) {
                sleep(attempt);
            }
        }
        throw new IllegalStateException("Appending to trail '" + trail + "' kept losing to concurrent appends ("
                + ATTEMPTS + " attempts)");
    }

    /** A subject's runs, newest first. */
    public List<Map<String, AttributeValue>> list(String projectId, String trail, String subject, int limit) {
        return query(projectId, trail, "R#" + encode(subject) + "#", limit);
    }

    /** Every run of a trail (all subjects), grouped by subject; newest first within a subject. */
    public List<Map<String, AttributeValue>> listAll(String projectId, String trail) {
        return query(projectId, trail, "R#", Integer.MAX_VALUE);
    }

    private static String runSk(String subjectKey, long seq) {
        return "R#" + subjectKey + "#" + String.format("%012d", seq);
    }

    /** Percent-encoding: no {@code #} is left in a key part, and distinct names stay distinct. */
    private static String encode(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8);
    }

    private static void sleep(int attempt) {
        try {
            Thread.sleep(5L + (long) (Math.random() * 10 * (attempt + 1)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while appending to a trail", e);
        }
    }

    private List<Map<String, AttributeValue>> query(String projectId, String trail, String prefix, int limit) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        var items = dynamo.queryPaginator(b -> b.tableName(table).scanIndexForward(false).consistentRead(true)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(partition(projectId, trail)), ":prefix",
                        Attr.s(prefix)))).items();
        for (Map<String, AttributeValue> item : items) { // lazy: stops reading pages at the limit
            if (out.size() >= limit) {
                break;
            }
            out.add(item);
        }
        return out;
    }
}
