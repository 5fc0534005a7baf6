package main

// The consumer: subscribes with the initial StreamRequest, records every StreamResponse (with
// its FederatedService decoded) and ACKs it, or NACKs the next one when told to. A lost stream is
// re-established with a growing backoff (spec: "the consumer is responsible for re-initiating the
// connection"), except after UNAUTHENTICATED, which a spec client does not retry.

import (
	"context"
	"crypto/tls"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/status"
)

var streamDesc = &grpc.StreamDesc{StreamName: "EstablishStream", ServerStreams: true, ClientStreams: true}

func consume(h *hamlet, cfg *tls.Config, address string, cmds <-chan command) error {
	conn, err := grpc.NewClient(address, grpc.WithTransportCredentials(credentials.NewTLS(cfg)))
	if err != nil {
		return err
	}
	defer conn.Close()
	var mu sync.Mutex
	nackNext, nackAll := "", ""
	// "hold" keeps the next answers back until "release": an owner that sends more than one
	// message in flight shows itself while the consumer holds.
	released := make(chan struct{})
	close(released)
	gate := released
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for c := range cmds {
			mu.Lock()
			switch c.Op {
			case "nack-next":
				nackNext = c.Message
			case "nack-all":
				nackAll = c.Message
			case "hold":
				gate = make(chan struct{})
			case "release":
				close(gate)
				gate = released
			}
			mu.Unlock()
		}
		cancel() // stdin closed: stop
	}()
	wait := func() {
		mu.Lock()
		g := gate
		mu.Unlock()
		select {
		case <-g:
		case <-ctx.Done():
		}
	}
	delay := 200 * time.Millisecond
	for session := 1; ctx.Err() == nil; session++ {
		code, msg, received := subscribe(ctx, h, conn, session, wait, func() string {
			mu.Lock()
			defer mu.Unlock()
			m := nackNext
			nackNext = ""
			if m == "" {
				m = nackAll
			}
			return m
		})
		if ctx.Err() != nil {
			return nil
		}
		emit("closed", map[string]any{"session": session, "code": code.String(), "message": msg})
		if code == codes.Unauthenticated {
			emit("gave-up", map[string]any{"reason": "UNAUTHENTICATED is not retried"})
			<-ctx.Done()
			return nil
		}
		if received {
			delay = 200 * time.Millisecond
		} else if delay < 2*time.Second {
			delay *= 2
		}
		select {
		case <-ctx.Done():
		case <-time.After(delay):
		}
	}
	return nil
}

// subscribe runs one stream until it fails; it says how, and whether any message arrived.
func subscribe(ctx context.Context, h *hamlet, conn *grpc.ClientConn, session int, wait func(), nack func() string) (codes.Code, string, bool) {
	stream, err := conn.NewStream(ctx, streamDesc, methodPath)
	if err != nil {
		s := status.Convert(err)
		return s.Code(), s.Message(), false
	}
	contextID := "hamlet-peer-session"
	if err := stream.SendMsg(h.request("", 0, "", contextID)); err != nil {
		s := status.Convert(err)
		return s.Code(), s.Message(), false
	}
	emit("subscribed", map[string]any{"session": session})
	received := false
	for {
		env := h.newEnvelope()
		if err := stream.RecvMsg(env); err != nil {
			s := status.Convert(err)
			return s.Code(), s.Message(), received
		}
		received = true
		res := sub(env, "response")
		nonce := str(res, "nonce")
		op := res.Descriptor().Fields().ByName("operation").Enum().Values().
			ByNumber(res.Get(res.Descriptor().Fields().ByName("operation")).Enum())
		opName := "?"
		if op != nil {
			opName = string(op.Name())
		}
		event := map[string]any{
			"session":     session,
			"nonce":       nonce,
			"operation":   opName,
			"resource_id": str(res, "resource_id"),
			"context":     str(res, "context"),
		}
		decodeErr := ""
		if has(res, "resource") {
			anyMsg := sub(res, "resource")
			event["type_url"] = str(anyMsg, "type_url")
			value := anyMsg.Get(anyMsg.Descriptor().Fields().ByName("value")).Bytes()
			if svc, err := h.decodeService(value); err != nil {
				decodeErr = err.Error()
			} else {
				event["service"] = svc
			}
		}
		emit("response", event)
		wait()
		code, message := int32(codes.OK), ""
		if decodeErr != "" {
			code, message = int32(codes.InvalidArgument), "does not decode: "+decodeErr
		} else if m := nack(); m != "" {
			code, message = int32(codes.InvalidArgument), m
		}
		if err := stream.SendMsg(h.request(nonce, code, message, contextID)); err != nil {
			s := status.Convert(err)
			return s.Code(), s.Message(), received
		}
		emit("answered", map[string]any{"session": session, "nonce": nonce, "code": codes.Code(code).String(), "message": message})
	}
}
