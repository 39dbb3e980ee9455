// The index's filters: game, player (part of an address), result and the
// day a game finished, from and to. They read and write the address's
// #fragment (#player=bob&result=0-1), so a filtered list can be linked to.
(function () {
  'use strict';
  var rows = Array.prototype.slice.call(document.querySelectorAll('#games tr'));
  var fields = {
    game: document.getElementById('f-game'),
    player: document.getElementById('f-player'),
    result: document.getElementById('f-result'),
    from: document.getElementById('f-from'),
    to: document.getElementById('f-to')
  };
  var names = Object.keys(fields);

  function apply() {
    var game = fields.game.value;
    var player = fields.player.value.trim().toLowerCase();
    var result = fields.result.value;
    var from = fields.from.value;
    var to = fields.to.value;
    var shown = 0;
    rows.forEach(function (row) {
      var date = row.getAttribute('data-date');
      var match = (!game || row.getAttribute('data-game') === game)
        && (!player || row.getAttribute('data-players').indexOf(player) >= 0)
        && (!result || row.getAttribute('data-result') === result)
        && (!from || date >= from)
        && (!to || date <= to);
      row.hidden = !match;
      if (match) {
        shown += 1;
      }
    });
    document.getElementById('count').textContent = shown === rows.length
      ? rows.length + ' games'
      : shown + ' of ' + rows.length + ' games';
    document.getElementById('none').hidden = shown > 0;
  }

  function fromAddress() {
    var params = new URLSearchParams(window.location.hash.slice(1));
    names.forEach(function (name) {
      fields[name].value = params.get(name) || '';
    });
    apply();
  }

  function toAddress() {
    var params = new URLSearchParams();
    names.forEach(function (name) {
      if (fields[name].value) {
        params.set(name, fields[name].value);
      }
    });
    var hash = params.toString();
    if (window.location.hash.slice(1) !== hash) {
      window.location.replace('#' + hash);
    }
    apply();
  }

  names.forEach(function (name) {
    fields[name].addEventListener('input', toAddress);
    fields[name].addEventListener('change', toAddress);
  });
  document.getElementById('filters').addEventListener('submit', function (event) {
    event.preventDefault();
  });
  document.getElementById('filters').addEventListener('reset', function () {
    window.setTimeout(toAddress, 0);
  });
  window.addEventListener('hashchange', fromAddress);
  fromAddress();
}());
