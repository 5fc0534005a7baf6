package main

// The owner: serves the DiscoveryService over mutual TLS and publishes its catalog. On the
// initial StreamRequest the consumer gets the whole catalog as UPSERTs; afterwards every command
// becomes an UPSERT or a DELETE by resource_id. One message is in flight per stream: the next
// leaves only when the consumer ACKed or NACKed the last (spec, "Architecture").

import (
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net"
	"sort"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
)

type outgoing struct {
	operation string
	id        string
	service   json.RawMessage // nil for DELETE
}

type owner struct {
	h       *hamlet
	mu      sync.Mutex
	catalog map[string]json.RawMessage
	streams map[int]chan outgoing
	drops   map[int]chan struct{}
	next    int
	nonce   int
}

func own(h *hamlet, cfg *tls.Config, address string, cmds <-chan command) error {
	lis, err := net.Listen("tcp", address)
	if err != nil {
		return err
	}
	o := &owner{h: h, catalog: map[string]json.RawMessage{}, streams: map[int]chan outgoing{}, drops: map[int]chan struct{}{}}
	server := grpc.NewServer(grpc.Creds(credentials.NewTLS(cfg)))
	server.RegisterService(&grpc.ServiceDesc{
		ServiceName: "federation.resourcediscovery.v1alpha2.DiscoveryService",
		HandlerType: (*any)(nil),
		Streams: []grpc.StreamDesc{{
			StreamName: "EstablishStream", ServerStreams: true, ClientStreams: true,
			Handler: func(_ any, stream grpc.ServerStream) error { return o.serve(stream) },
		}},
	}, struct{}{})
	emit("listening", map[string]any{"port": lis.Addr().(*net.TCPAddr).Port})
	go func() {
		for c := range cmds {
			o.command(c)
		}
		server.Stop()
	}()
	return server.Serve(lis)
}

func (o *owner) command(c command) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var msg outgoing
	switch c.Op {
	case "upsert":
		var head struct {
			Name string `json:"name"`
		}
		if err := json.Unmarshal(c.Service, &head); err != nil || head.Name == "" {
			emit("bad-command", map[string]any{"error": "upsert needs service.name"})
			return
		}
		o.catalog[head.Name] = c.Service
		msg = outgoing{operation: "UPSERT", id: head.Name, service: c.Service}
	case "delete":
		delete(o.catalog, c.ID)
		msg = outgoing{operation: "DELETE", id: c.ID}
	case "drop":
		for id, ch := range o.drops {
			close(ch)
			delete(o.drops, id)
		}
		return
	default:
		emit("bad-command", map[string]any{"error": "unknown op " + c.Op})
		return
	}
	for _, ch := range o.streams {
		ch <- msg
	}
}

func (o *owner) serve(stream grpc.ServerStream) error {
	first := o.h.newEnvelope()
	if err := stream.RecvMsg(first); err != nil {
		return err
	}
	req := sub(first, "request")
	if url := str(req, "resource_url"); url != serviceURL {
		return status.Errorf(codes.InvalidArgument, "unknown resource_url %q", url)
	}
	context := str(req, "context")
	o.mu.Lock()
	o.next++
	id := o.next
	queue := make(chan outgoing, 1024)
	drop := make(chan struct{})
	o.streams[id] = queue
	o.drops[id] = drop
	names := make([]string, 0, len(o.catalog))
	for n := range o.catalog {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		queue <- outgoing{operation: "UPSERT", id: n, service: o.catalog[n]}
	}
	o.mu.Unlock()
	defer func() {
		o.mu.Lock()
		delete(o.streams, id)
		delete(o.drops, id)
		o.mu.Unlock()
	}()
	emit("subscribed", map[string]any{"stream": id, "context": context, "catalog": len(names)})
	answers := make(chan protoreflect.Message)
	failed := make(chan error, 1)
	go func() {
		for {
			env := o.h.newEnvelope()
			if err := stream.RecvMsg(env); err != nil {
				failed <- err
				return
			}
			answers <- sub(env, "request")
		}
	}()
	// ended says how the stream ends when the test drops it or the consumer goes away.
	ended := func(dropped bool, err error) error {
		if dropped {
			emit("dropped", map[string]any{"stream": id})
			return status.Error(codes.Unavailable, "the owner dropped the stream")
		}
		emit("stream-ended", map[string]any{"stream": id, "error": err.Error()})
		return nil
	}
	for {
		var msg outgoing
		select {
		case msg = <-queue:
		case <-drop:
			return ended(true, nil)
		case err := <-failed:
			return ended(false, err)
		}
		o.mu.Lock()
		o.nonce++
		nonce := fmt.Sprintf("go-%d", o.nonce)
		o.mu.Unlock()
		res, err := o.h.response(nonce, msg.operation, msg.id, msg.service, context)
		if err != nil {
			emit("bad-command", map[string]any{"error": err.Error()})
			continue
		}
		if err := stream.SendMsg(res); err != nil {
			return err
		}
		emit("sent", map[string]any{"stream": id, "nonce": nonce, "operation": msg.operation, "resource_id": msg.id})
		// One message in flight: wait for this nonce's ACK or NACK.
		for waiting := true; waiting; {
			select {
			case ans := <-answers:
				if str(ans, "response_nonce") != nonce {
					emit("stray-answer", map[string]any{"stream": id, "nonce": str(ans, "response_nonce")})
					continue
				}
				st := sub(ans, "status")
				code := codes.Code(st.Get(st.Descriptor().Fields().ByName("code")).Int())
				emit("answer", map[string]any{
					"stream": id, "nonce": nonce, "operation": msg.operation, "resource_id": msg.id,
					"code": code.String(), "message": str(st, "message"),
				})
				waiting = false
			case <-drop:
				return ended(true, nil)
			case err := <-failed:
				return ended(false, err)
			}
		}
	}
}
