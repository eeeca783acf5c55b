package io.modelgraph.graphapi;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.MainSpace;
import io.modelgraph.graph.MixinValue;
import io.modelgraph.graph.NodeType;
import io.modelgraph.graph.Relation;
import io.modelgraph.graph.store.GraphStore;
import io.modelgraph.store.AwsClients;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The child process of the kill test: runs the real writer ({@link GraphStore#apply}) of one large import against
 * the shared DynamoDB Local, with a fixed clock so that every run writes exactly the same items, until it is
 * killed. Also holds the starting graph and the import, so the test and the child build the same ones.
 */
public final class CrashWriter {
    /** Every write of the test uses this instant, so before and after states are the same in every run. */
    static final Clock FIXED = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    /** args: dynamoEndpoint table projectId. Prints READY before the import and DONE after it. */
    public static void main(String[] args) {
        DynamoDbClient dynamo = DynamoDbClient.builder().endpointOverride(URI.create(args[0]))
                .region(Region.US_EAST_1).httpClient(AwsClients.dynamoHttp())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        AwsClients.LOCAL_ACCESS_KEY, AwsClients.LOCAL_SECRET_KEY)))
                .build();
        GraphStore store = new GraphStore(dynamo, args[1], FIXED);
        GraphChanges changes = importChanges(MainSpace.idFor(args[2]));
        System.out.println("READY");
        System.out.flush();
        store.apply(args[2], changes, "importer");
        System.out.println("DONE");
        System.out.flush();
    }

    /** Space s1; Types n0..n199 (every third also in s1); relations r0..r148; descriptions on n0..n99. */
    static void seed(GraphStore store, String projectId) {
        String main = MainSpace.idFor(projectId);
        List<GraphChanges.NodeUpsert> nodes = new ArrayList<>();
        nodes.add(new GraphChanges.NodeUpsert("s1", "Space one", NodeType.Space, List.of()));
        for (int i = 0; i < 200; i++) {
            nodes.add(new GraphChanges.NodeUpsert("n" + i, "node " + i, NodeType.Type,
                    i % 3 == 0 ? List.of(main, "s1") : List.of()));
        }
        List<Relation> relations = new ArrayList<>();
        for (int i = 0; i < 149; i++) {
            relations.add(new Relation("r" + i, "n" + i, "n" + (i + 1), "subclass-of"));
        }
        List<MixinValue> values = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            values.add(new MixinValue("n" + i, "description", Map.of("description", TextNode.valueOf("d" + i))));
        }
        store.apply(projectId, GraphChanges.additions(nodes, relations, values), "seeder");
    }

    /**
     * About 1,000 items of every kind a large write has: new Elements with relations, renamed nodes that move
     * between spaces (space copies removed and added), removed nodes and relations, merged and new values.
     */
    static GraphChanges importChanges(String main) {
        List<GraphChanges.NodeUpsert> nodes = new ArrayList<>();
        List<Relation> relations = new ArrayList<>();
        List<MixinValue> values = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            nodes.add(new GraphChanges.NodeUpsert("m" + i, "new " + i, NodeType.Element, i % 4 == 0
                    ? List.of(main, "s1") : List.of()));
            relations.add(new Relation("d" + i, "m" + i, "n" + (i % 150), "domain-includes"));
            values.add(new MixinValue("m" + i, "cardinality", Map.of("minOccurs", IntNode.valueOf(i))));
        }
        for (int i = 0; i < 120; i++) {
            nodes.add(new GraphChanges.NodeUpsert("n" + i, "renamed " + i, NodeType.Type,
                    i % 3 == 0 ? List.of(main) : List.of(main, "s1")));
        }
        List<String> removed = new ArrayList<>();
        for (int i = 170; i < 200; i++) {
            removed.add("n" + i);
        }
        List<Relation> removedRelations = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            removedRelations.add(new Relation("r" + i, "n" + i, "n" + (i + 1), "subclass-of"));
        }
        for (int i = 0; i < 80; i++) {
            values.add(new MixinValue("n" + i, "description", Map.of("description", TextNode.valueOf("merged"))));
        }
        return new GraphChanges(nodes, relations, values, removed, removedRelations);
    }

    private CrashWriter() {
    }
}
