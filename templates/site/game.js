// A game page: shows one ply at a time (#ply=N in the address, the move
// links, the buttons, the arrow keys, Home and End), and checks the seed
// and every commitment again with the browser's own SHA-256.
(function () {
  'use strict';
  var plies = Array.prototype.slice.call(document.querySelectorAll('section.ply'));
  var links = Array.prototype.slice.call(document.querySelectorAll('#moves a[data-ply]'));
  var last = plies.length - 1;
  var current = last;

  function wanted() {
    var match = /^#ply=(\d+)$/.exec(window.location.hash);
    return match ? Math.min(Number(match[1]), last) : last;
  }

  function show(n) {
    current = n;
    plies.forEach(function (ply, i) { ply.hidden = i !== n; });
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

  function go(n) {
    n = Math.max(0, Math.min(last, n));
    show(n);
    if (window.location.hash !== '#ply=' + n) {
      window.location.replace('#ply=' + n);
    }
    var link = links[n];
    if (link && link.scrollIntoView) {
      link.scrollIntoView({ block: 'nearest' });
    }
  }

  document.querySelectorAll('[data-step]').forEach(function (button) {
    button.addEventListener('click', function () {
      var step = button.getAttribute('data-step');
      go({ first: 0, prev: current - 1, next: current + 1, last: last }[step]);
    });
  });
  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var target = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      go(target);
    }
  });
  window.addEventListener('hashchange', function () { show(wanted()); });
  show(wanted());

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
