package io.modelgraph.exchange.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.json.Json;
import io.modelgraph.store.Attr;
import io.modelgraph.store.Tables;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import io.modelgraph.graph.store.ProjectVersion;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Custom profiles, one item each in the graph table under the project's partition:
 * pk {@code P#<projectId>}, sk {@code PF#<format>#<profileId>}, the profile as JSON in {@code profile}.
 * The graph store never reads this prefix; defaults live in code and are never stored.
 */
public final class ProfileStore {
    static final String SK_PREFIX = "PF#";
    private static final String BODY = "profile";

    private final DynamoDbClient dynamo;
    private final String table;

    public ProfileStore(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    /** Defaults first, then the project's own profiles in Id order. */
    public List<ImportProfile> list(String projectId, ProfileFormat format) {
        List<ImportProfile> out = new ArrayList<>(DefaultProfiles.of(format));
        dynamo.queryPaginator(q -> q.tableName(table)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :p)")
                .expressionAttributeNames(Map.of("#pk", Tables.PK, "#sk", Tables.SK))
                .expressionAttributeValues(Map.of(":pk", Attr.s(pk(projectId)),
                        ":p", Attr.s(SK_PREFIX + format.key() + "#")))
                .consistentRead(true))
                .items().forEach(item -> out.add(decode(item)));
        return List.copyOf(out);
    }

    /** The profile named by {@code configTypeId}, or a logical error naming the parameter and the known Ids. */
    public ImportProfile require(String projectId, ProfileFormat format, String configTypeId, String path) {
        List<ImportProfile> all = list(projectId, format);
        return all.stream().filter(p -> p.id().equals(configTypeId)).findFirst()
                .orElseThrow(() -> ApiProblem.badRequest(path, "Unknown " + label(format) + " profile '" + configTypeId
                        + "'. Known profiles: " + String.join(", ", all.stream().map(ImportProfile::id).toList())
                        + "."));
    }

    /** Adds a custom profile; its Id must be new (defaults included). */
    public void add(String projectId, ImportProfile profile) {
        if (DefaultProfiles.of(profile.format()).stream().anyMatch(d -> d.id().equals(profile.id()))) {
            throw ApiProblem.conflict("body.Id", "'" + profile.id() + "' is a default profile and cannot be replaced.");
        }
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(Tables.PK, Attr.s(pk(projectId)));
        item.put(Tables.SK, Attr.s(SK_PREFIX + profile.format().key() + "#" + profile.id()));
        item.put(BODY, Attr.s(Json.write(profile.describe())));
        try {
            // with the version move: exports cache documents per version, and a JSON-LD export uses the profile
            new ProjectVersion(dynamo, table).transact(projectId, List.of(TransactWriteItem.builder().put(Put.builder()
                    .tableName(table).item(item).conditionExpression("attribute_not_exists(#sk)")
                    .expressionAttributeNames(Map.of("#sk", Tables.SK)).build()).build()));
        } catch (TransactionCanceledException e) {
            if (!e.hasCancellationReasons() || e.cancellationReasons().isEmpty()
                    || !"ConditionalCheckFailed".equals(e.cancellationReasons().get(0).code())) {
                throw e;
            }
            throw ApiProblem.conflict("body.Id", "A " + label(profile.format()) + " profile with Id '" + profile.id()
                    + "' already exists in this project.");
        }
    }

    private static ImportProfile decode(Map<String, AttributeValue> item) {
        try {
            JsonNode node = Json.parse(Attr.str(item, BODY).orElse("{}"));
            return ProfileParser.parse(node, "stored profile");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored profile " + Attr.str(item, Tables.SK).orElse("?")
                    + " is not JSON", e);
        }
    }

    static String label(ProfileFormat format) {
        return format == ProfileFormat.JSON_LD ? "JSON-LD" : "JSON Schema";
    }

    private static String pk(String projectId) {
        return "P#" + projectId;
    }
}
