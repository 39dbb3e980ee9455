// A game page: shows one ply at a time (#ply=N in the address, the move
// links, the buttons, the arrow keys, Home and End), turns the board round
// (the button, the F key; &turned=yes in the address), and checks the seed
// and every commitment again with the browser's own SHA-256.
(function () {
  'use strict';
  var plies = Array.prototype.slice.call(document.querySelectorAll('section.ply'));
  var links = Array.prototype.slice.call(document.querySelectorAll('#moves a[data-ply]'));
  var turnButton = document.querySelector('[data-turn]');
  var last = plies.length - 1;
  var current = last;
  var turned = false;

  // What the address asks for: a ply (the last if it names none) and
  // whether the board is turned.
  function wanted() {
    var params = new URLSearchParams(window.location.hash.slice(1));
    var ply = /^\d+$/.test(params.get('ply') || '') ? Math.min(Number(params.get('ply')), last) : last;
    return { ply: ply, turned: params.get('turned') === 'yes' };
  }

  function address() {
    return '#ply=' + current + (turned ? '&turned=yes' : '');
  }

  function show(n, turn) {
    current = n;
    turned = turn;
    plies.forEach(function (ply, i) { ply.hidden = i !== n; });
    document.querySelectorAll('.board .side').forEach(function (side) {
      side.hidden = side.classList.contains('turned') !== turned;
    });
    turnButton.setAttribute('aria-pressed', turned ? 'true' : 'false');
    links.forEach(function (link) {
      var on = Number(link.getAttribute('data-ply')) === n;
      link.classList.toggle('current', on);
      if (on) {
        link.setAttribute('aria-current', 'step');
      } else {
        link.removeAttribute('aria-current');
      }
    });
    document.querySelectorAll('[data-step]').forEach(function (button) {
      var step = button.getAttribute('data-step');
      button.disabled = (step === 'first' || step === 'prev') ? n === 0 : n === last;
    });
  }

  function go(n, turn) {
    show(Math.max(0, Math.min(last, n)), turn);
    if (window.location.hash !== address()) {
      window.location.replace(address());
    }
    var link = document.querySelector('#moves a[data-ply="' + current + '"]');
    if (link && link.scrollIntoView) {
      link.scrollIntoView({ block: 'nearest' });
    }
  }

  document.querySelectorAll('[data-step]').forEach(function (button) {
    button.addEventListener('click', function () {
      var step = button.getAttribute('data-step');
      go({ first: 0, prev: current - 1, next: current + 1, last: last }[step], turned);
    });
  });
  turnButton.addEventListener('click', function () { go(current, !turned); });
  // A move's link keeps the board as it is turned.
  links.forEach(function (link) {
    link.addEventListener('click', function (event) {
      event.preventDefault();
      go(Number(link.getAttribute('data-ply')), turned);
    });
  });
  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (event.key === 'f' || event.key === 'F') {
      go(current, !turned);
      return;
    }
    var target = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      go(target, turned);
    }
  });
  window.addEventListener('hashchange', function () {
    var want = wanted();
    show(want.ply, want.turned);
  });
  var start = wanted();
  show(start.ply, start.turned);

  // The checks: SHA-256 of the seed's bytes, and of each secret's text,
  // `|` and salt, against what the page says.
  var cells = document.querySelectorAll('td.recheck');
  if (!(window.crypto && window.crypto.subtle)) {
    cells.forEach(function (cell) {
      cell.textContent = 'not available here (the browser checks only on file: and https: pages)';
    });
    return;
  }
  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) {
      return (b < 16 ? '0' : '') + b.toString(16);
    }).join('');
  }
  function bytesOfHex(text) {
    var bytes = new Uint8Array(text.length / 2);
    for (var i = 0; i < bytes.length; i++) {
      bytes[i] = parseInt(text.substr(2 * i, 2), 16);
    }
    return bytes;
  }
  cells.forEach(function (cell) {
    var input = cell.hasAttribute('data-hex')
      ? bytesOfHex(cell.getAttribute('data-hex'))
      : new TextEncoder().encode(cell.getAttribute('data-text'));
    window.crypto.subtle.digest('SHA-256', input).then(function (digest) {
      var good = hex(digest) === cell.getAttribute('data-expect');
      cell.textContent = good ? 'yes' : 'NO';
      cell.className = 'recheck ' + (good ? 'good' : 'bad');
    });
  });
}());
