package main

// The Hamlet v1alpha2 messages, compiled at start-up from the published protos Meridian vendors
// (proto/hamlet, with their provenance in its README) by protocompile, and handled as dynamic
// messages: nothing here is generated, and nothing is shared with Meridian's TypeScript (which
// reads the same files with protobufjs), so the two ends meet only on the wire.

import (
	"context"
	"fmt"

	"github.com/bufbuild/protocompile"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"
)

const (
	serviceURL = "type.googleapis.com/federation.types.v1alpha2.FederatedService"
	methodPath = "/federation.resourcediscovery.v1alpha2.DiscoveryService/EstablishStream"
)

type hamlet struct {
	envelope protoreflect.MessageDescriptor // BidirectionalStream
	service  protoreflect.MessageDescriptor // FederatedService
}

func loadHamlet(dir string) (*hamlet, error) {
	compiler := protocompile.Compiler{
		Resolver: protocompile.WithStandardImports(&protocompile.SourceResolver{ImportPaths: []string{dir}}),
	}
	files, err := compiler.Compile(context.Background(), "resource_discovery.proto", "federated_service.proto")
	if err != nil {
		return nil, fmt.Errorf("compile the Hamlet protos in %s: %w", dir, err)
	}
	env := files.FindFileByPath("resource_discovery.proto").Messages().ByName("BidirectionalStream")
	svc := files.FindFileByPath("federated_service.proto").Messages().ByName("FederatedService")
	if env == nil || svc == nil {
		return nil, fmt.Errorf("%s: BidirectionalStream or FederatedService missing", dir)
	}
	return &hamlet{envelope: env, service: svc}, nil
}

func (h *hamlet) newEnvelope() *dynamicpb.Message { return dynamicpb.NewMessage(h.envelope) }

// field sets a scalar field by its proto name.
func field(m protoreflect.Message, name string, v protoreflect.Value) {
	m.Set(m.Descriptor().Fields().ByName(protoreflect.Name(name)), v)
}

func str(m protoreflect.Message, name string) string {
	return m.Get(m.Descriptor().Fields().ByName(protoreflect.Name(name))).String()
}

func sub(m protoreflect.Message, name string) protoreflect.Message {
	return m.Mutable(m.Descriptor().Fields().ByName(protoreflect.Name(name))).Message()
}

func has(m protoreflect.Message, name string) bool {
	return m.Has(m.Descriptor().Fields().ByName(protoreflect.Name(name)))
}

// request builds a StreamRequest: the initial one (nonce ""), an ACK (code 0) or a NACK.
func (h *hamlet) request(nonce string, code int32, message, context string) *dynamicpb.Message {
	env := h.newEnvelope()
	req := sub(env, "request")
	field(req, "resource_url", protoreflect.ValueOfString(serviceURL))
	field(req, "context", protoreflect.ValueOfString(context))
	if nonce != "" {
		field(req, "response_nonce", protoreflect.ValueOfString(nonce))
		st := sub(req, "status")
		field(st, "code", protoreflect.ValueOfInt32(code))
		field(st, "message", protoreflect.ValueOfString(message))
	}
	return env
}

// response builds a StreamResponse carrying `service` (JSON, proto field names) as an Any.
func (h *hamlet) response(nonce, operation, id string, serviceJSON []byte, context string) (*dynamicpb.Message, error) {
	env := h.newEnvelope()
	res := sub(env, "response")
	field(res, "nonce", protoreflect.ValueOfString(nonce))
	field(res, "resource_url", protoreflect.ValueOfString(serviceURL))
	field(res, "resource_id", protoreflect.ValueOfString(id))
	field(res, "context", protoreflect.ValueOfString(context))
	op := res.Descriptor().Fields().ByName("operation").Enum().Values().ByName(protoreflect.Name(operation))
	if op == nil {
		return nil, fmt.Errorf("unknown operation %q", operation)
	}
	field(res, "operation", protoreflect.ValueOfEnum(op.Number()))
	if serviceJSON != nil {
		svc := dynamicpb.NewMessage(h.service)
		if err := protojson.Unmarshal(serviceJSON, svc); err != nil {
			return nil, fmt.Errorf("service: %w", err)
		}
		value, err := marshal(svc)
		if err != nil {
			return nil, err
		}
		anyMsg := sub(res, "resource")
		field(anyMsg, "type_url", protoreflect.ValueOfString(serviceURL))
		field(anyMsg, "value", protoreflect.ValueOfBytes(value))
	}
	return env, nil
}

// decodeService reads an Any's value as a FederatedService and renders it as JSON.
func (h *hamlet) decodeService(value []byte) (map[string]any, error) {
	svc := dynamicpb.NewMessage(h.service)
	if err := unmarshal(value, svc); err != nil {
		return nil, err
	}
	return toJSON(svc)
}
