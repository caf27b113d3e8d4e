// Online rooms: the room's WebSocket, moves by tapping, and the voice channel (WebRTC).
//
// The server renders the room for this seat only and sends it over the socket
// ({"type": "room", "html": ...}); this script swaps it in. Board links are real URLs of the
// room page: "?pick=a/b" (a tap in progress) and "?play=<action>&v=<version>" (a move); with
// the socket open they are sent as {"type": "pick"} / {"type": "move"} instead. The engine on
// the server judges every move. Voice: whoever switches the microphone on sends
// {"type": "voice", "on": true}; everyone else who has it on then offers a peer connection
// (signalled through {"type": "signal"}); audio goes straight between the browsers.
// Presence: the server pings ({"type": "ping"}) and this page answers "pong"; a seat that
// left ({"type": "gone"}) or is no longer in the seat list gets no audio and no signals.
// Close codes: 4403 the seat is gone (the page reloads and shows the room as it is now),
// 4409 the room is open in newer windows of this seat (no reconnecting here).
// What the server did on its own (a seat released, the host passed on, the computer taking or
// giving back a seat) comes with the room as "news" and is read out in the notice; "wake" says
// in how many seconds to ask for the room again (an away person's seat may be handed over then).
(function () {
  "use strict";

  var app = document.getElementById("room-app");
  if (!app || !app.getAttribute("data-seat") || !window.WebSocket) return;

  var notice = document.getElementById("room-notice");
  var socket = null;
  var retry = 0;
  var refused = 0; // handshakes refused in a row (the socket never opened)
  var version = null;
  var wake = null; // the timer that asks for the room again

  function say(text) {
    if (notice) notice.textContent = text || "";
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  function socketUrl() {
    var scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    var lang = encodeURIComponent(app.getAttribute("data-lang") || "");
    return scheme + "//" + window.location.host + app.getAttribute("data-ws") + "?lang=" + lang;
  }

  // A seat of the room on this page: the only ids voice and signals are accepted from.
  function present(id) {
    return !!document.querySelector('#room .seat[data-seat-id="' + Number(id) + '"]');
  }

  // After handshakes are refused (the seat was released while this device was away), look at
  // the page again: without a seat there, show it instead of retrying for ever.
  function checkSeat() {
    window
      .fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        return response.ok ? response.text() : "";
      })
      .then(function (html) {
        if (html && html.indexOf("data-seat=") === -1) window.location.reload();
      })
      .catch(function () {});
  }

  function connect() {
    var opened = false;
    socket = new WebSocket(socketUrl());
    socket.addEventListener("open", function () {
      opened = true;
      retry = 0;
      refused = 0;
      say("");
      if (voice.on) send({ type: "voice", on: true });
    });
    socket.addEventListener("message", function (event) {
      var message;
      try {
        message = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      receive(message);
    });
    socket.addEventListener("close", function (event) {
      socket = null;
      voice.closeAll();
      if (event.code === 4403) {
        window.location.reload();
        return;
      }
      if (event.code === 4409) {
        say(app.getAttribute("data-elsewhere"));
        return;
      }
      say(app.getAttribute("data-closed"));
      if (!opened && ++refused % 3 === 0) checkSeat();
      retry = Math.min(retry + 1, 5);
      window.setTimeout(connect, 500 * retry * retry);
    });
  }

  function receive(message) {
    if (message.type === "room") {
      var current = document.getElementById("room");
      if (current) {
        var holder = document.createElement("div");
        holder.innerHTML = message.html;
        var fresh = holder.querySelector("#room");
        if (fresh) current.replaceWith(fresh);
      }
      app.setAttribute("data-shown", String(message.shown));
      // The board on its way (the computer's, chance's and the rules' own moves, one at a time):
      // shown and announced, nothing to tap; the room as it is comes last.
      app.setAttribute("data-pacing", message.pacing ? "1" : "0");
      if (!message.pacing) {
        version = message.version;
        app.setAttribute("data-version", String(message.version));
        app.setAttribute("data-status", message.status);
        app.setAttribute("data-my-turn", message.my_turn ? "1" : "0");
        if (message.news && message.news.length) say(message.news.join(" "));
        if (wake) window.clearTimeout(wake);
        wake = null;
        if (typeof message.wake === "number" && message.wake > 0 && message.wake < 86400) {
          wake = window.setTimeout(function () {
            wake = null;
            send({ type: "refresh" });
          }, message.wake * 1000 + 250);
        }
      }
      if (message.seated === false) window.location.reload();
      voice.keepOnly(present);
    } else if (message.type === "ping") {
      send({ type: "pong" });
    } else if (message.type === "refused") {
      say(message.message);
      if (message.code === "stale" || message.code === "conflict") send({ type: "refresh" });
    } else if (message.type === "gone") {
      voice.peerSwitched(message.seat, false);
    } else if (message.type === "voice" && present(message.seat)) {
      markVoice(message.seat, message.on);
      voice.peerSwitched(message.seat, message.on);
    } else if (message.type === "signal" && present(message.from)) {
      voice.signal(message.from, message.data);
    }
  }

  // 🎙 beside a seat's name (the server sends no new room for a voice switch).
  function markVoice(id, on) {
    var item = document.querySelector('#room .seat[data-seat-id="' + Number(id) + '"]');
    if (!item) return;
    var mark = item.querySelector(".seat__voice");
    if (on && !mark) {
      mark = document.createElement("span");
      mark.className = "seat__voice";
      mark.textContent = "🎙";
      var other = document.querySelector("#room .seat__voice[title]"); // the page's own wording
      var label = document.querySelector("#voice .room-mic__text");
      if (other || label) mark.title = other ? other.title : label.textContent;
      var name = item.querySelector(".seat__link") || item.lastElementChild;
      item.insertBefore(mark, name ? name.nextSibling : null);
    } else if (!on && mark) {
      mark.remove();
    }
  }

  // Board links: a tap in progress or a move, sent over the socket.
  app.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || !link.closest(".room-play")) return;
    var url = new URL(link.getAttribute("href"), window.location.href);
    if (url.pathname !== window.location.pathname) return; // the replay link, clause links
    var play = url.searchParams.get("play");
    var sent;
    if (play !== null) {
      sent = send({ type: "move", action: play, version: parseInt(url.searchParams.get("v"), 10) });
    } else {
      sent = send(pickMessage(url));
    }
    if (sent) {
      event.preventDefault();
      say("");
    }
  });

  function pickMessage(url, why) {
    var pick = url.searchParams.get("pick");
    var message = { type: "pick", pick: pick ? pick.split("/") : [] };
    if (url.searchParams.get("zoom")) message.zoom = url.searchParams.get("zoom");
    if (why) message.why = why;
    return message;
  }

  // A tap on a square or piece that is not offered asks why (the answer cites the rule); site.js
  // finds the shape under the finger (only links catch taps on a board played by tapping).
  app.addEventListener("click", function (event) {
    var asked = window.boardAsked ? window.boardAsked(event) : null;
    if (!asked) return;
    var ask = new URL(asked.svg.getAttribute("data-ask"), window.location.href);
    if (send(pickMessage(ask, asked.target))) event.preventDefault();
  });

  // -- voice -------------------------------------------------------------------------------------

  var voice = (function () {
    var panel = document.getElementById("voice");
    var button = panel ? panel.querySelector(".room-mic") : null;
    var list = panel ? panel.querySelector(".room-voice__peers") : null;
    var peers = {};
    var state = { on: false, stream: null };
    var supported = !!(panel && window.RTCPeerConnection && navigator.mediaDevices && navigator.mediaDevices.getUserMedia);

    function seatName(id) {
      var item = document.querySelector('#room .seat[data-seat-id="' + id + '"] .seat__name');
      return item ? item.textContent : String(id);
    }

    function peer(id) {
      if (peers[id]) return peers[id];
      // No STUN or TURN servers: host candidates only (loopback and the local network).
      var pc = new RTCPeerConnection({ iceServers: [] });
      var entry = { pc: pc, pending: [], audio: null, item: null };
      peers[id] = entry;
      state.stream.getTracks().forEach(function (track) {
        pc.addTrack(track, state.stream);
      });
      pc.addEventListener("icecandidate", function (event) {
        if (event.candidate) send({ type: "signal", to: id, data: { candidate: event.candidate.toJSON() } });
      });
      pc.addEventListener("track", function (event) {
        if (entry.audio) return;
        var audio = document.createElement("audio");
        audio.autoplay = true;
        audio.srcObject = event.streams[0] || new MediaStream([event.track]);
        var item = document.createElement("li");
        var label = document.createElement("label");
        var slider = document.createElement("input");
        slider.type = "range";
        slider.min = "0";
        slider.max = "1";
        slider.step = "0.05";
        slider.value = "1";
        slider.id = "voice-volume-" + id;
        label.htmlFor = slider.id;
        label.textContent = (panel.getAttribute("data-peer") || "%(name)s").replace("%(name)s", seatName(id));
        slider.addEventListener("input", function () {
          audio.volume = parseFloat(slider.value);
        });
        item.setAttribute("data-peer", String(id));
        item.appendChild(label);
        item.appendChild(slider);
        item.appendChild(audio);
        list.appendChild(item);
        entry.audio = audio;
        entry.item = item;
      });
      return entry;
    }

    function close(id) {
      var entry = peers[id];
      if (!entry) return;
      delete peers[id];
      entry.pc.close();
      if (entry.audio) entry.audio.srcObject = null;
      if (entry.item) entry.item.remove();
    }

    function closeAll() {
      Object.keys(peers).forEach(close);
    }

    function flush(entry) {
      entry.pending.splice(0).forEach(function (candidate) {
        entry.pc.addIceCandidate(candidate).catch(function () {});
      });
    }

    function setOn(on) {
      state.on = on;
      if (button) button.setAttribute("aria-pressed", on ? "true" : "false");
    }

    function start() {
      navigator.mediaDevices
        .getUserMedia({ audio: true })
        .then(function (stream) {
          state.stream = stream;
          setOn(true);
          send({ type: "voice", on: true });
        })
        .catch(function () {
          say(panel.getAttribute("data-nomic"));
        });
    }

    function stop() {
      setOn(false);
      closeAll();
      if (state.stream) state.stream.getTracks().forEach(function (t) { t.stop(); });
      state.stream = null;
      send({ type: "voice", on: false });
    }

    if (supported) {
      panel.hidden = false;
      button.addEventListener("click", function () {
        if (state.on) stop();
        else start();
      });
    }

    return {
      get on() {
        return state.on;
      },
      closeAll: closeAll,
      // Audio only with seats still in the room.
      keepOnly: function (isPresent) {
        Object.keys(peers).forEach(function (id) {
          if (!isPresent(id)) close(id);
        });
      },
      // Another seat switched its microphone on: those already on offer it a connection.
      peerSwitched: function (id, on) {
        if (!on) {
          close(id);
          return;
        }
        if (!state.on || !supported) return;
        close(id);
        var entry = peer(id);
        entry.pc
          .createOffer()
          .then(function (offer) {
            return entry.pc.setLocalDescription(offer);
          })
          .then(function () {
            send({ type: "signal", to: id, data: { sdp: entry.pc.localDescription.toJSON() } });
          })
          .catch(function () {});
      },
      signal: function (id, data) {
        if (!state.on || !supported || !data) return;
        if (data.sdp && data.sdp.type === "offer") {
          close(id);
          var entry = peer(id);
          entry.pc
            .setRemoteDescription(data.sdp)
            .then(function () {
              flush(entry);
              return entry.pc.createAnswer();
            })
            .then(function (answer) {
              return entry.pc.setLocalDescription(answer);
            })
            .then(function () {
              send({ type: "signal", to: id, data: { sdp: entry.pc.localDescription.toJSON() } });
            })
            .catch(function () {});
        } else if (data.sdp && data.sdp.type === "answer" && peers[id]) {
          var answered = peers[id];
          answered.pc.setRemoteDescription(data.sdp).then(function () { flush(answered); }).catch(function () {});
        } else if (data.candidate && peers[id]) {
          var target = peers[id];
          if (target.pc.remoteDescription) target.pc.addIceCandidate(data.candidate).catch(function () {});
          else target.pending.push(data.candidate);
        }
      },
      // For the browser tests: audio packets received from every peer so far.
      stats: function () {
        var ids = Object.keys(peers);
        return Promise.all(
          ids.map(function (id) {
            return peers[id].pc.getStats().then(function (report) {
              var packets = 0;
              report.forEach(function (s) {
                if (s.type === "inbound-rtp" && s.kind === "audio") packets += s.packetsReceived || 0;
              });
              return packets;
            });
          })
        ).then(function (counts) {
          return { peers: ids.length, packets: counts.reduce(function (a, b) { return a + b; }, 0) };
        });
      },
    };
  })();

  window.roomVoice = { stats: voice.stats };
  connect();
})();
